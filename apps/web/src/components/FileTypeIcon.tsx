import ArticleOutlined from '@mui/icons-material/ArticleOutlined'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import ImageOutlined from '@mui/icons-material/ImageOutlined'
import MovieOutlined from '@mui/icons-material/MovieOutlined'
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined'
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined'
import TableChartOutlined from '@mui/icons-material/TableChartOutlined'
import type { SvgIconProps } from '@mui/material'

/** What kind of file a content type is, for its icon and its short name ("PDF", "Excel"). */
export function fileKind(contentType: string): { icon: typeof ArticleOutlined; label: string; colour: SvgIconProps['color'] } {
  if (contentType === 'application/pdf') return { icon: PictureAsPdfOutlined, label: 'PDF', colour: 'error' }
  if (contentType.startsWith('image/'))
    return { icon: ImageOutlined, label: contentType.slice(6).toUpperCase().replace('JPEG', 'JPG'), colour: 'info' }
  if (contentType.startsWith('video/')) return { icon: MovieOutlined, label: contentType.slice(6).toUpperCase(), colour: 'secondary' }
  if (contentType.includes('spreadsheetml')) return { icon: TableChartOutlined, label: 'Excel', colour: 'success' }
  if (contentType === 'text/csv') return { icon: TableChartOutlined, label: 'CSV', colour: 'success' }
  if (contentType.includes('presentationml')) return { icon: SlideshowOutlined, label: 'PowerPoint', colour: 'warning' }
  if (contentType.includes('wordprocessingml')) return { icon: DescriptionOutlined, label: 'Word', colour: 'primary' }
  return { icon: ArticleOutlined, label: 'TXT', colour: 'action' }
}

/** The file's kind as an icon; its name is said beside it, so the icon itself is decoration. */
export function FileTypeIcon({ contentType, ...props }: { contentType: string } & SvgIconProps) {
  const { icon: Icon, colour } = fileKind(contentType)
  return <Icon color={colour} aria-hidden {...props} />
}
