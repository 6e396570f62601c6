/**
 * An email address that may break after its @ and nowhere else: in a narrow table column it wraps as
 * "bea@" / "northwind.example" instead of "bea@nort" / "hwind.exa" / "mple", and the column is sized to fit it.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return <bdi>{email}</bdi>
  return (
    <bdi>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </bdi>
  )
}
