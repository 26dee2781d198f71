/** A failure the person must notice: announced at once by screen readers. Renders nothing without a message. */
export function ErrorAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="alert alert-error" role="alert">
      {message}
    </p>
  );
}
