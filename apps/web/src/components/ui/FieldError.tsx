/** A field's problem under it, announced when it appears; nothing when there is none. */
export function FieldError({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return (
    <p className="field-error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
