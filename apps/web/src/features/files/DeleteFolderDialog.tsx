import type { LibraryFolder } from '@closeroom/shared'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material'
import { Fragment, useId } from 'react'
import { Link as RouterLink } from 'react-router'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useDeleteFolder, useFolderContents } from './queries'

/**
 * Deleting a folder: an empty one at once; one with content after saying how many folders and files go with it;
 * none while a file inside is in use, naming each and where it is used (the server refuses it too).
 */
export function DeleteFolderDialog({ folder, onClose }: { folder: LibraryFolder; onClose(): void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const contents = useFolderContents(folder.id)
  const remove = useDeleteFolder()
  const data = contents.data
  const empty = data !== undefined && data.folders + data.files === 0
  const blocked = data !== undefined && data.inUse.length > 0
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('files.library.deleteFolderTitle', { name: folder.name })}</DialogTitle>
      <DialogContent>
        {contents.isError ? (
          <Alert severity="error">{serverErrorText(t, contents.error)}</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={64} />
        ) : empty ? (
          <DialogContentText>{t('files.library.deleteFolderEmpty')}</DialogContentText>
        ) : (
          <Stack spacing={1.5}>
            <Typography data-testid="folder-contents" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('files.library.foldersInside', { folders: data.folders })} · {t('files.library.filesInside', { files: data.files })}
            </Typography>
            {blocked ? (
              <Alert severity="warning">
                {t('files.library.deleteFolderInUse')}
                <List dense disablePadding>
                  {data.inUse.map((file) => (
                    <ListItem key={file.fileId} disableGutters>
                      <ListItemText
                        primary={<bdi>{file.name}</bdi>}
                        secondary={file.usages.map((usage, i) => (
                          <Fragment key={`${usage.kind}-${usage.id}`}>
                            {i > 0 && ', '}
                            {t(`files.usage.${usage.kind}`)}{' '}
                            <Link component={RouterLink} to={usage.url}>
                              <bdi>{usage.name}</bdi>
                            </Link>
                          </Fragment>
                        ))}
                      />
                    </ListItem>
                  ))}
                </List>
              </Alert>
            ) : (
              <DialogContentText>{t('files.library.deleteFolderAll')}</DialogContentText>
            )}
          </Stack>
        )}
        {remove.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {serverErrorText(t, remove.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {blocked ? t('files.close') : t('files.cancel')}
        </Button>
        {data && !blocked && (
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: folder.id, withContents: !empty }, { onSuccess: onClose })}
          >
            {empty ? t('files.library.delete') : t('files.library.deleteAll')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
