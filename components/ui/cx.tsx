// Joins class names, skipping the empty ones: cx("button", primary && "button-primary").
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
