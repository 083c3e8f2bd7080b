import { useTranslations } from "next-intl";

/**
 * A failed load (or refresh) of account data, said in words, with a way to try again. Its title is a
 * heading one level below the section it sits in.
 */
export function LoadError({
  title,
  message,
  retrying,
  onRetry,
  headingLevel = 2,
}: {
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations("Ui");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="notice notice--error" role="alert">
      <Heading className="notice__title">{title}</Heading>
      <p>{message}</p>
      <button
        type="button"
        className="button"
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {retrying ? t("tryingAgain") : t("tryAgain")}
      </button>
    </div>
  );
}
