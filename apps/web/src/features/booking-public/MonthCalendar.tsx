import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded'
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded'
import { Box, IconButton, Stack, Typography } from '@mui/material'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import {
  addDays,
  addMonths,
  firstOfMonth,
  firstWeekday,
  formatDay,
  formatMonth,
  type IsoDate,
  lastOfMonth,
  type Month,
  monthGrid,
  monthOf,
  weekdayNames,
} from './time'

type Props = {
  month: Month
  onMonthChange(month: Month): void
  /** Days with at least one free time. */
  available: ReadonlySet<IsoDate>
  selected: IsoDate | null
  onSelect(date: IsoDate): void
  /** Days before `from` or after `until` are outside the booking window. */
  from: IsoDate
  until: IsoDate
  today: IsoDate
  loading: boolean
}

/**
 * A month of days as an ARIA grid: one day holds the focus (roving tabindex); arrow keys move by a day or a
 * week (into the next month when needed), Home/End to the week's ends, PageUp/PageDown by a month; Enter or
 * Space chooses. Days without times stay focusable, so the arrows never jump, but cannot be chosen.
 */
export function MonthCalendar({ month, onMonthChange, available, selected, onSelect, from, until, today, loading }: Props) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const weekStart = firstWeekday(language)
  const weeks = useMemo(() => monthGrid(month, weekStart), [month, weekStart])
  const short = weekdayNames(language, weekStart, 'short')
  const long = weekdayNames(language, weekStart, 'long')
  const titleId = useId()
  const [focused, setFocused] = useState<IsoDate>(() => (selected && monthOf(selected) === month ? selected : firstOfMonth(month)))
  const focusAfterRender = useRef(false)
  const grid = useRef<HTMLTableElement>(null)

  // The focusable day follows the month shown.
  const inMonth = monthOf(focused) === month ? focused : selected && monthOf(selected) === month ? selected : firstOfMonth(month)
  if (inMonth !== focused) setFocused(inMonth)

  useEffect(() => {
    if (!focusAfterRender.current) return
    focusAfterRender.current = false
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus()
  })

  const prevDisabled = firstOfMonth(month) <= from
  const nextDisabled = lastOfMonth(month) >= until

  function move(to: IsoDate) {
    if (to < firstOfMonth(monthOf(from)) || to > lastOfMonth(monthOf(until))) return
    focusAfterRender.current = true
    setFocused(to)
    if (monthOf(to) !== month) onMonthChange(monthOf(to))
  }

  function onKeyDown(event: KeyboardEvent) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const column = weeks.flat().findIndex((cell) => cell.date === focused) % 7
    const steps: Record<string, number> = {
      ArrowLeft: rtl ? 1 : -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -column,
      End: 6 - column,
    }
    const step = steps[event.key]
    if (step !== undefined) {
      event.preventDefault()
      move(addDays(focused, step))
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault()
      const target = addMonths(month, event.key === 'PageUp' ? -1 : 1)
      const day = Math.min(Number(focused.slice(8)), Number(lastOfMonth(target).slice(8)))
      move(`${target}-${String(day).padStart(2, '0')}`)
    }
  }

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 700 }} aria-live="polite">
          {formatMonth(month, language)}
        </Typography>
        <IconButton
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={prevDisabled}
          aria-label={t('bookingPublic.booker.previousMonth')}
        >
          <ChevronLeftRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        <IconButton
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={nextDisabled}
          aria-label={t('bookingPublic.booker.nextMonth')}
        >
          <ChevronRightRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Stack>
      <Box
        component="table"
        ref={grid}
        role="grid"
        aria-labelledby={titleId}
        aria-busy={loading}
        onKeyDown={onKeyDown}
        sx={{ width: '100%', borderCollapse: 'separate', borderSpacing: { xs: 3, sm: 4 }, tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            {short.map((name, i) => (
              <Box
                component="th"
                key={name}
                scope="col"
                abbr={long[i]}
                sx={{ typography: 'caption', fontWeight: 600, color: 'text.secondary', textTransform: 'uppercase', pb: 0.5 }}
              >
                {name}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, date }) => {
                if (!date) return <td key={key} />
                const open = available.has(date) && date >= from && date <= until
                const isSelected = date === selected
                const label = formatDay(date, language)
                return (
                  <td key={key}>
                    <Box
                      component="button"
                      type="button"
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      aria-disabled={!open}
                      aria-pressed={isSelected}
                      aria-label={t(open ? 'bookingPublic.booker.available' : 'bookingPublic.booker.unavailable', { date: label })}
                      aria-current={date === today ? 'date' : undefined}
                      onClick={() => {
                        setFocused(date)
                        if (open) onSelect(date)
                      }}
                      sx={(theme) => ({
                        width: '100%',
                        aspectRatio: '1',
                        maxHeight: 56,
                        border: 0,
                        borderRadius: 1,
                        font: 'inherit',
                        fontWeight: open ? 700 : 400,
                        fontSize: 15,
                        cursor: open ? 'pointer' : 'default',
                        position: 'relative',
                        color: isSelected
                          ? theme.palette.primary.contrastText
                          : open
                            ? theme.palette.text.primary
                            : theme.palette.text.disabled,
                        bgcolor: isSelected
                          ? theme.palette.primary.main
                          : open
                            ? theme.alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.12)
                            : 'transparent',
                        transition: theme.transitions.create(['background-color', 'box-shadow']),
                        '&:hover': open && !isSelected ? { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` } : {},
                        '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
                        '&[aria-current=date]::after': {
                          content: '""',
                          position: 'absolute',
                          bottom: 6,
                          insetInlineStart: '50%',
                          width: 4,
                          height: 4,
                          ml: '-2px',
                          borderRadius: '50%',
                          bgcolor: 'currentColor',
                        },
                      })}
                    >
                      {Number(date.slice(8))}
                    </Box>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  )
}
