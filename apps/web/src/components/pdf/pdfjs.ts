import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

// The worker is a file of the app itself (Vite copies it into the build): the product works offline on a LAN and
// the server's Content-Security-Policy allows workers from its own origin only.
GlobalWorkerOptions.workerSrc = workerUrl

/** Starts reading the PDF at `url`, cookies included; `destroy()` the task to stop and free the worker's copy. */
export function openPdf(url: string) {
  // Its WebAssembly image decoders are not shipped (the CSP forbids compiling WebAssembly): the JavaScript ones decode.
  return getDocument({ url, withCredentials: true, useWasm: false })
}

export type { PDFDocumentProxy }
