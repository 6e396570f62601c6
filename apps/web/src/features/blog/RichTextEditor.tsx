import { IMAGE_TYPES } from '@closeroom/shared'
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined'
import CodeRounded from '@mui/icons-material/CodeRounded'
import FormatBoldRounded from '@mui/icons-material/FormatBoldRounded'
import FormatItalicRounded from '@mui/icons-material/FormatItalicRounded'
import FormatListBulletedRounded from '@mui/icons-material/FormatListBulletedRounded'
import FormatListNumberedRounded from '@mui/icons-material/FormatListNumberedRounded'
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded'
import InsertLinkRounded from '@mui/icons-material/InsertLinkRounded'
import LinkOffRounded from '@mui/icons-material/LinkOffRounded'
import RedoRounded from '@mui/icons-material/RedoRounded'
import UndoRounded from '@mui/icons-material/UndoRounded'
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  Tooltip,
  Typography,
} from '@mui/material'
import Image from '@tiptap/extension-image'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type ReactNode, useState } from 'react'
import { richTextSx } from '../../components/public/RichText'
import { API_URL } from '../../lib/api'
import { useTranslation } from '../../locales/i18n'
import { LibraryPicker } from '../files/LibraryPicker'

/** What a link may point to: what the server keeps (sanitize.ts), so nothing the author adds silently goes. */
export const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i

type Props = {
  /** The editor's accessible name. */
  label: string
  /** The HTML to start from; later changes of it are ignored (the editor owns the text once it runs). */
  initial: string
  onChange(html: string): void
  /** The saved post's id: pictures of the library go in its text as its own public files. Without it (a new post), none yet. */
  postId?: string
}

const POST_IMAGE = /^\/api\/public\/post-files\/[0-9a-f-]{36}\/([0-9a-f-]{36})$/
const PICTURE_ACCEPT = [...IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.webp', '.gif'].join(',')

/**
 * A picture in the post: its src is the address the public page serves it at (the server keeps no other), while the
 * editor shows the library file itself, which a draft's public address does not serve yet.
 */
const PostImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img')
      const src = String(node.attrs.src ?? '')
      const fileId = POST_IMAGE.exec(src)?.[1]
      img.src = fileId ? `${API_URL}/files/${fileId}` : src
      img.alt = String(node.attrs.alt ?? '')
      return { dom: img }
    }
  },
})

/** The post's body: Tiptap (ProseMirror) with the tags the server keeps, and a toolbar for them. */
export function RichTextEditor({ label, initial, onChange, postId }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      PostImage,
    ],
    content: initial,
    // Each paragraph takes the direction of its own words: an English post in the Arabic app reads left to right.
    textDirection: 'auto',
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'post-body' } },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  })
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, '&:focus-within': { borderColor: 'primary.main' } }}>
      {editor && <Toolbar editor={editor} postId={postId} />}
      <Divider />
      <Box
        sx={{
          px: 2,
          py: 1.5,
          '& .ProseMirror': { ...richTextSx, minHeight: 280, outline: 'none' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  )
}

function Toolbar({ editor, postId }: { editor: Editor; postId?: string }) {
  const { t } = useTranslation()
  const [linking, setLinking] = useState<string | null>(null)
  const [picking, setPicking] = useState(false)
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const toggle = (key: string, selected: boolean, run: () => void, icon: ReactNode) => (
    <Tooltip title={t(`blog.editor.toolbar.${key}`)}>
      <ToggleButton
        value={key}
        size="small"
        selected={selected}
        onChange={run}
        aria-label={t(`blog.editor.toolbar.${key}`)}
        sx={{ border: 0, minWidth: 36 }}
      >
        {icon}
      </ToggleButton>
    </Tooltip>
  )
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('blog.editor.toolbar.label')}
      sx={{ flexWrap: 'wrap', gap: 0.25, p: 0.5, alignItems: 'center' }}
    >
      {toggle(
        'heading2',
        state.h2,
        () => chain().toggleHeading({ level: 2 }).run(),
        <Typography sx={{ fontWeight: 700, fontSize: 14 }}>H2</Typography>,
      )}
      {toggle(
        'heading3',
        state.h3,
        () => chain().toggleHeading({ level: 3 }).run(),
        <Typography sx={{ fontWeight: 700, fontSize: 13 }}>H3</Typography>,
      )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {toggle('bold', state.bold, () => chain().toggleBold().run(), <FormatBoldRounded fontSize="small" />)}
      {toggle('italic', state.italic, () => chain().toggleItalic().run(), <FormatItalicRounded fontSize="small" />)}
      {toggle('code', state.code, () => chain().toggleCode().run(), <CodeRounded fontSize="small" />)}
      {toggle('link', state.link, () => setLinking(state.href), <InsertLinkRounded fontSize="small" />)}
      {state.link && (
        <Tooltip title={t('blog.editor.toolbar.unlink')}>
          <IconButton
            size="small"
            aria-label={t('blog.editor.toolbar.unlink')}
            onClick={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            <LinkOffRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={postId ? t('files.picker.picture') : t('files.picker.pictureAfterSave')}>
        <span>
          <IconButton size="small" aria-label={t('files.picker.picture')} disabled={!postId} onClick={() => setPicking(true)}>
            <AddPhotoAlternateOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {postId && (
        <LibraryPicker
          open={picking}
          accepts={(file) => (IMAGE_TYPES as readonly string[]).includes(file.contentType)}
          pending={false}
          error={null}
          uploads={{ accept: PICTURE_ACCEPT }}
          onPick={(file) => {
            setPicking(false)
            chain()
              .setImage({ src: `/api/public/post-files/${postId}/${file.id}`, alt: file.name.replace(/\.[^.]+$/, '') })
              .run()
          }}
          onClose={() => setPicking(false)}
        />
      )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {toggle('bullets', state.bullets, () => chain().toggleBulletList().run(), <FormatListBulletedRounded fontSize="small" />)}
      {toggle('numbers', state.numbers, () => chain().toggleOrderedList().run(), <FormatListNumberedRounded fontSize="small" />)}
      {toggle('quote', state.quote, () => chain().toggleBlockquote().run(), <FormatQuoteRounded fontSize="small" />)}
      <Box sx={{ flex: 1 }} />
      <Tooltip title={t('blog.editor.toolbar.undo')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('blog.editor.toolbar.undo')}
            disabled={!state.canUndo}
            onClick={() => chain().undo().run()}
          >
            <UndoRounded fontSize="small" sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('blog.editor.toolbar.redo')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('blog.editor.toolbar.redo')}
            disabled={!state.canRedo}
            onClick={() => chain().redo().run()}
          >
            <RedoRounded fontSize="small" sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </span>
      </Tooltip>
      {linking !== null && (
        <LinkDialog
          initial={linking}
          onClose={() => setLinking(null)}
          onSave={(href) => {
            setLinking(null)
            if (href) chain().extendMarkRange('link').setLink({ href }).run()
            else chain().extendMarkRange('link').unsetLink().run()
          }}
        />
      )}
    </Stack>
  )
}

function LinkDialog({ initial, onClose, onSave }: { initial: string; onClose(): void; onSave(href: string): void }) {
  const { t } = useTranslation()
  const [href, setHref] = useState(initial)
  const trimmed = href.trim()
  const valid = trimmed === '' || LINK.test(trimmed)
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          // The dialog sits in the post's form in React's tree, where its submit would bubble and save the post.
          event.stopPropagation()
          if (valid) onSave(trimmed)
        }}
      >
        <DialogTitle>{t('blog.editor.link.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('blog.editor.link.address')}
            placeholder="https://"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            error={!valid}
            helperText={valid ? t('blog.editor.link.help') : t('blog.editor.link.invalid')}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('blog.editor.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {t('blog.editor.link.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
