import type { ReactNode, Ref } from "react";

const TAGS = { 2: "h2", 3: "h3", 4: "h4" } as const;

/**
 * A heading of the kit. Given `headingRef`, it can take focus (tabIndex -1): where focus goes when what had
 * it went away, or to what just appeared.
 */
export function Heading({
  level,
  id,
  headingRef,
  className,
  children,
}: {
  level: keyof typeof TAGS;
  id?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const Tag = TAGS[level];
  return (
    <Tag id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={className}>
      {children}
    </Tag>
  );
}
