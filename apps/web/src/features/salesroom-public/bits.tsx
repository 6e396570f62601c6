/** "Bea · Due 15 Jan": each part keeps its own direction, so a Latin name beside an Arabic date stays in order. */
export function Parts({ parts }: { parts: (string | null | false | undefined)[] }) {
  return parts
    .filter((part): part is string => !!part)
    .map((part, index) => (
      <span key={part}>
        {index > 0 && ' · '}
        <bdi>{part}</bdi>
      </span>
    ))
}
