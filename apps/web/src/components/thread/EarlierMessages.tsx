import { Alert, Button } from '@mui/material'
import { useState } from 'react'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'

type Props = {
  /** Asks for the page before the earliest message shown; rejects when it could not. */
  load: () => Promise<unknown>
  label: string
  /** Called before asking and when asking failed: useThreadScroll's keepPlace and release. */
  keepPlace: () => void
  release: () => void
}

/** "Show earlier messages" at the top of a thread, and why they did not come when they did not. */
export function EarlierMessages({ load, label, keepPlace, release }: Props) {
  const { t } = useTranslation()
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<unknown>(null)

  async function earlier() {
    keepPlace()
    setLoading(true)
    setError(null)
    try {
      await load()
    } catch (caught) {
      release()
      setError(caught)
    } finally {
      setLoading(false)
    }
  }

  return (
    <>
      <Button
        onClick={() => void earlier()}
        loading={loading}
        size="small"
        sx={{ alignSelf: 'center', justifySelf: 'center', flexShrink: 0 }}
      >
        {label}
      </Button>
      {!!error && <Alert severity="error">{serverErrorText(t, error)}</Alert>}
    </>
  )
}
