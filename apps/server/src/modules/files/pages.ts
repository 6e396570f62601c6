/**
 * A PDF's page count, or null when its bytes do not open as a PDF (the library keeps such files, it just
 * cannot say how many pages they have). The PDF library is imported on first use, as agreements do.
 */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  const { PDF } = await import('@libpdf/core')
  try {
    const pdf = await PDF.load(bytes)
    // A structure rebuilt by scanning may have lost pages: a count from it would refuse pages that exist.
    if (pdf.recoveredViaBruteForce) return null
    const count = pdf.getPageCount()
    return count > 0 ? count : null
  } catch {
    return null
  }
}
