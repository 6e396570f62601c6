import { LOOK } from '@closeroom/shared'
import SearchRounded from '@mui/icons-material/SearchRounded'
import {
  Avatar,
  Box,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Toolbar,
} from '@mui/material'
import { useMemo, useState } from 'react'
import { avatarColours } from '../../components/PeopleAvatars'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { stageColours } from './ChipsSection'
import { Label } from './Label'
import { Section } from './Section'
import { deals, type SampleDeal } from './sampleData'

type SortKey = 'company' | 'value' | 'closesIn'
const ROWS_PER_PAGE = [5, 10]

export function TablesSection() {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({ key: 'value', direction: 'desc' })
  const [page, setPage] = useState(0)
  const [rowsPerPage, setRowsPerPage] = useState(5)

  const money = useMemo(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }), [locale])
  const day = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const collator = useMemo(() => new Intl.Collator(locale), [locale])

  const rows = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase()
    const found = deals.filter((deal) => !needle || `${deal.company} ${deal.owner}`.toLocaleLowerCase().includes(needle))
    const compare = (a: SampleDeal, b: SampleDeal) =>
      sort.key === 'company' ? collator.compare(a.company, b.company) : a[sort.key] - b[sort.key]
    return found.sort((a, b) => (sort.direction === 'asc' ? compare(a, b) : compare(b, a)))
  }, [query, sort, collator])
  const shown = rows.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage)

  const sortBy = (key: SortKey) => () => {
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' }))
    setPage(0)
  }
  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'left') => (
    <TableCell align={align} sortDirection={sort.key === key ? sort.direction : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key ? sort.direction : 'asc'} onClick={sortBy(key)}>
        {label}
      </TableSortLabel>
    </TableCell>
  )
  const today = new Date()

  return (
    <Section id="tables" title={t('gallery.sections.tables')} text={t('gallery.tables.text')}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
        <Toolbar sx={{ minHeight: `${LOOK.dataTableToolbarHeight}px !important`, px: { xs: 2, sm: 2 }, gap: 2 }}>
          <TextField
            size="small"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setPage(0)
            }}
            placeholder={t('gallery.tables.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('gallery.tables.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Toolbar>
        <TableContainer>
          <Table sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                {header('company', t('gallery.tables.company'))}
                <TableCell>{t('gallery.tables.plan')}</TableCell>
                <TableCell>{t('gallery.tables.owner')}</TableCell>
                <TableCell>{t('gallery.tables.stage')}</TableCell>
                {header('value', t('gallery.tables.value'), 'right')}
                {header('closesIn', t('gallery.tables.closeDate'))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((deal) => (
                <TableRow key={deal.id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{deal.company}</TableCell>
                  <TableCell>{t(`gallery.tables.plans.${deal.plan}`)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Avatar sx={{ width: 28, height: 28, fontSize: 13, ...avatarColours(deal.owner) }} aria-hidden>
                        {deal.owner.charAt(0)}
                      </Avatar>
                      <span>{deal.owner}</span>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Label colour={stageColours[deal.stage]}>{t(`gallery.stages.${deal.stage}`)}</Label>
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money.format(deal.value)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {day.format(new Date(today.getFullYear(), today.getMonth(), today.getDate() + deal.closesIn))}
                  </TableCell>
                </TableRow>
              ))}
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    {t('gallery.tables.empty', { query: query.trim() })}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value))
            setPage(0)
          }}
          labelRowsPerPage={t('gallery.tables.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('gallery.tables.rows', { from, to, count })}
          getItemAriaLabel={(type) => t(`gallery.tables.pages.${type}`)}
        />
      </Box>
    </Section>
  )
}
