import { AGREEMENT_LIMITS, Email, type FieldType } from '@closeroom/shared'
import { Invalid } from '../../http/errors.ts'

const PNG_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/
const MAX_TYPED_SIGNATURE = 200

/**
 * A recipient's value for one of their fields, checked for its type, or null when left empty. The date signed
 * is the server's date, whatever was sent. A signature is a PNG (drawn or uploaded) or typed text: never
 * markup, so nothing a signer sends is ever run as HTML or drawn as anything but a picture or text. A PNG is
 * decoded here, as the seal will decode it, and refused when it is broken or too large: accepted, it would fail
 * every retry of the completed agreement's seal.
 */
export async function checkValue(
  field: { id: string; type: FieldType; required: boolean },
  raw: string | undefined,
  today: string,
): Promise<string | null> {
  const where = `values.${field.id}`
  if (field.type === 'date') return today
  const value = raw?.trim() ?? ''
  if (field.type === 'checkbox') {
    if (value !== '' && value !== 'true' && value !== 'false') throw Invalid(`${where}: A checkbox is 'true' or 'false'`)
    if (field.required && value !== 'true') throw Invalid(`${where}: Tick this box to sign`)
    return value || 'false'
  }
  if (value === '') {
    if (field.required) throw Invalid(`${where}: This field is required`)
    return null
  }
  if (field.type === 'signature' || field.type === 'initials') {
    if (value.startsWith('data:')) {
      const base64 = PNG_URL.exec(value)?.[1]
      if (!base64) throw Invalid(`${where}: A signature is a PNG image or typed text`)
      // The PDF stack is loaded when it is first needed (see drafts.ts).
      const { signaturePngProblem } = await import('./pdf/signature-image.ts')
      const problem = signaturePngProblem(Buffer.from(base64, 'base64'))
      if (problem) throw Invalid(`${where}: ${problem}`)
      return value
    }
    if (value.length > MAX_TYPED_SIGNATURE || /[\r\n]/.test(value))
      throw Invalid(`${where}: A typed signature is one line of at most ${MAX_TYPED_SIGNATURE} characters`)
    return value
  }
  if (value.length > AGREEMENT_LIMITS.maxTextValue) throw Invalid(`${where}: Must be at most ${AGREEMENT_LIMITS.maxTextValue} characters`)
  if (field.type === 'email' && !Email.safeParse(value).success) throw Invalid(`${where}: Must be a valid email address`)
  return value
}
