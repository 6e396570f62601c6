import ArrowDropDownRounded from '@mui/icons-material/ArrowDropDownRounded'
import { Box, ButtonBase, CircularProgress, InputAdornment, Popover, TextField, type TextFieldProps, useTheme } from '@mui/material'
import type { CountryCode } from 'libphonenumber-js'
import { type ChangeEvent, lazy, type Ref, Suspense, useId, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { visuallyHidden } from '../visuallyHidden'
import { CountryFlag } from './CountryFlag'
import { browserCountry, type Country, countriesIn } from './countries'

// The searchable list (an Autocomplete and its popper) arrives when someone opens it: most people keep the
// country their browser suggests.
const CountryPicker = lazy(() => import('./CountryPicker'))

import { countryOfTyped, formatTyped, retypeForCountry, textOfValue, valueOfTyped } from './phoneText'

export type PhoneInputProps = Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'select' | 'multiline'> & {
  /** The number in E.164 ('+33612345678'), or '' for none. */
  value: string
  onChange(value: string): void
  /** The country selected while the value is empty; the browser's region when not given. */
  defaultCountry?: CountryCode
}

/**
 * A phone number field: a searchable country selector (flag, name in the reader's language, calling code)
 * and the number, formatted as it is typed. It holds E.164; typing or pasting a +number picks its country.
 */
export function PhoneInput({ value, onChange, onBlur, defaultCountry, inputRef, slotProps, disabled, ...props }: PhoneInputProps) {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const countries = useMemo(() => countriesIn(i18n.language), [i18n.language])
  const [initial] = useState(() => textOfValue(value, defaultCountry ?? browserCountry()))
  const [country, setCountry] = useState<CountryCode>(initial.country)
  const [text, setText] = useState(initial.text)
  // The value this field last reported: a different one arriving from outside (a form reset) is shown anew.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    const next = textOfValue(value, country)
    setShown(value)
    setText(next.text)
    setCountry(next.country)
  }

  const numberRef = useRef<HTMLInputElement>(null)
  useImperativeHandle(inputRef as Ref<HTMLInputElement | null>, () => numberRef.current as HTMLInputElement, [])
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [picking, setPicking] = useState(false)
  // Once a country is chosen the number is what comes next; a cancelled choice goes back to the button.
  const focusAfterPicking = useRef<HTMLElement | null>(null)
  const pickerId = useId()
  const selected = countries.find((c) => c.code === country) ?? { code: country, name: country, alias: country, callingCode: '' }

  function report(nextText: string, nextCountry: CountryCode) {
    setText(nextText)
    setCountry(nextCountry)
    const nextValue = valueOfTyped(nextText, nextCountry)
    setShown(nextValue)
    if (nextValue !== value) onChange(nextValue)
  }

  function type(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.target.value
    const detected = countryOfTyped(typed) ?? country
    // Reformat only while typing at the end: a deletion would otherwise put a removed ')' straight back,
    // and an edit in the middle would throw the caret to the end.
    const deleting = (event.nativeEvent as InputEvent).inputType?.startsWith('delete')
    const atEnd = event.target.selectionStart === typed.length
    report(!deleting && atEnd ? formatTyped(typed, detected) : typed, detected)
  }

  function cancelPicking() {
    focusAfterPicking.current = buttonRef.current
    setPicking(false)
  }

  function pick(next: Country) {
    focusAfterPicking.current = numberRef.current
    setPicking(false)
    report(retypeForCountry(text, next.code), next.code)
  }

  return (
    <>
      <TextField
        {...props}
        disabled={disabled}
        type="tel"
        autoComplete={props.autoComplete ?? 'tel'}
        value={text}
        onChange={type}
        onBlur={(event) => {
          report(formatTyped(text, countryOfTyped(text) ?? country), countryOfTyped(text) ?? country)
          onBlur?.(event)
        }}
        inputRef={numberRef}
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
          // Digits read left to right in every language, next to the country button on the reader's side.
          htmlInput: {
            dir: 'ltr',
            inputMode: 'tel',
            ...(slotProps?.htmlInput as object),
            style: { textAlign: theme.direction === 'rtl' ? 'right' : 'left' },
          },
          input: {
            ...(slotProps?.input as object),
            startAdornment: (
              <InputAdornment position="start" sx={{ marginInlineEnd: 0.5 }}>
                <ButtonBase
                  ref={buttonRef}
                  disabled={disabled}
                  onClick={() => setPicking(true)}
                  aria-haspopup="dialog"
                  aria-expanded={picking}
                  aria-controls={picking ? pickerId : undefined}
                  data-testid="phone-country"
                  sx={{
                    gap: 0.75,
                    py: 0.5,
                    paddingInlineStart: 0.5,
                    paddingInlineEnd: 0.25,
                    borderRadius: 1,
                    typography: 'body2',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                  }}
                >
                  <CountryFlag code={country} />
                  {/* Read out as "Country: France, calling code +33"; only the code shows. */}
                  <Box component="span" sx={visuallyHidden}>
                    {t('phoneInput.country', { country: selected.name })}{' '}
                  </Box>
                  <Box component="span" dir="ltr" sx={{ color: 'text.secondary' }}>
                    +{selected.callingCode}
                  </Box>
                  <ArrowDropDownRounded fontSize="small" sx={{ color: 'text.secondary' }} />
                </ButtonBase>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        id={pickerId}
        open={picking}
        anchorEl={buttonRef.current}
        onClose={cancelPicking}
        // Opens from the button's side: the left in left-to-right languages, the right in Arabic.
        anchorOrigin={{ vertical: 'bottom', horizontal: theme.direction === 'rtl' ? 'right' : 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: theme.direction === 'rtl' ? 'right' : 'left' }}
        slotProps={{
          paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)', p: 1.5 } },
          transition: { onExited: () => focusAfterPicking.current?.focus() },
        }}
        disableRestoreFocus
      >
        <Suspense fallback={<CircularProgress size={24} aria-label={t('app.loading')} sx={{ display: 'block', mx: 'auto', my: 2 }} />}>
          <CountryPicker countries={countries} value={selected} onPick={pick} onCancel={cancelPicking} />
        </Suspense>
      </Popover>
    </>
  )
}
