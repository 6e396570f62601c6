import { type ClientPathsWithMethod, defaultPathSerializer, type MethodResponse } from 'openapi-fetch'
import { API_URL, ApiError, type client, errorOf } from './api'
import type { paths } from './api-schema'

type UploadPath = ClientPathsWithMethod<typeof client, 'post'>
type ReplacePath = ClientPathsWithMethod<typeof client, 'put'>

/** What a POST to this path answers, as the server's OpenAPI document describes it. */
type Answer<Path extends UploadPath> = MethodResponse<typeof client, 'post', Path>

/**
 * Sends a form with a file, as the api client would (cookies, the server's { message } on refusal), and says
 * how much has gone: fetch cannot tell upload progress, XMLHttpRequest can. The browser adds the Origin
 * header the server's cross-site check reads.
 */
function send<T>(method: 'POST' | 'PUT', url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, `${API_URL}${url}`)
    request.withCredentials = true
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve(request.response)
      reject(errorOf(request.status, request.response))
    }
    request.onerror = () => reject(new ApiError(0))
    request.send(form)
  })
}

/** POSTs a form with a file (see send). */
export function upload<Path extends UploadPath>(
  path: Path,
  params: paths[Path]['post']['parameters']['path'],
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<Answer<Path>> {
  return send('POST', defaultPathSerializer(path, params ?? {}), form, onProgress)
}

/** PUTs a form with a file: a new version of what the path names (see send). */
export function uploadReplacing<Path extends ReplacePath>(
  path: Path,
  params: paths[Path]['put']['parameters']['path'],
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<MethodResponse<typeof client, 'put', Path>> {
  return send('PUT', defaultPathSerializer(path, params ?? {}), form, onProgress)
}

/** "1.5 GB", "2.4 MB", "830 kB", "120 B" in the reader's language; in 1024s, as the server's limits count. */
export function formatFileSize(bytes: number, locale: string): string {
  const [unit, value] =
    bytes >= 1024 * 1024 * 1024
      ? (['gigabyte', bytes / 1024 / 1024 / 1024] as const)
      : bytes >= 1024 * 1024
        ? (['megabyte', bytes / 1024 / 1024] as const)
        : bytes >= 1024
          ? (['kilobyte', bytes / 1024] as const)
          : (['byte', bytes] as const)
  // 'short' bytes read "77 byte" in English; 'narrow' gives "77B" (and "77 o" in French).
  const unitDisplay = unit === 'byte' ? 'narrow' : 'short'
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 }).format(value)
}
