import type { PostStatus } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Button, Card, Tab, TableCell, Tabs, Typography } from '@mui/material'
import { Link, useSearchParams } from 'react-router'
import { LinkRow, ListTable, RowTitle, StatusChip } from '../../components/ListTable'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { usePosts } from './queries'

const FILTERS = ['all', 'draft', 'published'] as const
type Filter = (typeof FILTERS)[number]

/** /blog and /blog/posts: the organization's posts, drafts and published, filtered by status (?status=). */
export default function PostsPage() {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const asked = search.get('status')
  const filter: Filter = asked === 'draft' || asked === 'published' ? asked : 'all'
  const posts = usePosts(filter === 'all' ? undefined : (filter as PostStatus))
  return (
    <>
      <PageHeader
        title={t('blog.list.title')}
        action={
          <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/blog/new">
            {t('blog.list.create')}
          </Button>
        }
      />
      {posts.isError && <Alert severity="error">{serverErrorText(t, posts.error)}</Alert>}
      <Card>
        <Tabs
          value={filter}
          onChange={(_, value: Filter) => setSearch(value === 'all' ? {} : { status: value }, { replace: true })}
          aria-label={t('blog.list.filter')}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {FILTERS.map((value) => (
            <Tab key={value} value={value} label={t(`blog.list.filters.${value}`)} />
          ))}
        </Tabs>
        <ListTable
          label={t('blog.list.title')}
          columns={[
            { label: t('blog.list.post') },
            { label: t('blog.list.status') },
            { label: t('blog.list.author') },
            { label: t('blog.list.updated') },
          ]}
          items={posts.data}
          loading={posts.isPending}
          empty={filter === 'all' ? t('blog.list.empty') : t(`blog.list.emptyFiltered.${filter}`)}
          row={(post) => (
            <LinkRow key={post.id} to={`/blog/post/${post.id}`}>
              <TableCell>
                <RowTitle to={`/blog/post/${post.id}`}>{post.title}</RowTitle>
                {post.excerpt && (
                  <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', maxWidth: 480 }} noWrap>
                    {post.excerpt}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <StatusChip on={post.status === 'published'} label={t(`blog.status.${post.status}`)} />
              </TableCell>
              <TableCell>
                <bdi>{post.author?.name ?? t('blog.list.formerMember')}</bdi>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDate(post.updatedAt, i18n.language)}</TableCell>
            </LinkRow>
          )}
        />
      </Card>
    </>
  )
}
