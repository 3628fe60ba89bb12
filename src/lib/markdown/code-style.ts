/** Declarations that set a colour: a raw-HTML code box's colours were chosen for another site's background. */
const COLOUR_PROPERTY = /^\s*(?:color|background(?:-color)?|--shiki-[\w-]+)\s*:/i;

/** A `style` value without its colour declarations (emphasis such as `text-decoration` stays), or undefined when nothing is left. */
export function withoutColours(style: string): string | undefined {
  const kept = style
    .split(';')
    .filter((d) => d.trim() && !COLOUR_PROPERTY.test(d))
    .map((d) => d.trim());
  return kept.length ? kept.join(';') : undefined;
}
