/** What stopped a form, above its fields, read out at once; nothing when there is nothing to say. */
export function FormProblem({ message }: { message: string }) {
  if (!message) return null;
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
    </div>
  );
}
