// What the form-builder kit's forms gain with JavaScript (issue 14 §1, SPEC §5): a warning before leaving
// with unsaved changes (beforeunload only once something was typed, never after sending), conditional
// fields shown only when their condition holds (hidden ones are disabled, so they are neither demanded
// nor sent), and repeated groups that show one more row at a time with an "add another" button. Without
// JavaScript the same form shows every field and row and the server decides.
import { useEffect, useRef } from "preact/hooks";

export interface FormEnhancerProps {
  addRow: string;
}

function valueOf(form: HTMLFormElement, name: string): string[] {
  const item = form.elements.namedItem(name);
  if (!item) return [];
  if (item instanceof RadioNodeList) {
    return [...item].filter((el) => (el as HTMLInputElement).checked).map((el) => (el as HTMLInputElement).value);
  }
  if (item instanceof HTMLInputElement && (item.type === "checkbox" || item.type === "radio")) {
    return item.checked ? [item.value] : [];
  }
  return [(item as HTMLInputElement).value];
}

function setShown(el: HTMLElement, shown: boolean) {
  el.hidden = !shown;
  for (const control of el.querySelectorAll<HTMLInputElement>("input, select, textarea")) control.disabled = !shown;
}

const isBlank = (row: Element) =>
  [...row.querySelectorAll<HTMLInputElement>("input, select, textarea")].every((c) =>
    c.type === "checkbox" || c.type === "radio" ? !c.checked : c.value.trim() === ""
  );

export default function FormEnhancer({ addRow }: FormEnhancerProps) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    let dirty = false;
    const conditions = () => {
      for (const el of form.querySelectorAll<HTMLElement>("[data-show-if]")) {
        setShown(el, valueOf(form, el.dataset.showIf!).includes(el.dataset.showEquals ?? ""));
      }
    };
    const onChange = () => {
      dirty = true;
      conditions();
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!dirty) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const onSubmit = () => {
      dirty = false;
    };
    // Repeated groups: rows past the filled ones (and the minimum) wait behind an "add another" button.
    for (const group of form.querySelectorAll<HTMLElement>("[data-group]")) {
      const rows = [...group.querySelectorAll<HTMLElement>(":scope > [data-group-row]")];
      const min = Number(group.dataset.groupMin ?? 1);
      let shown = Math.max(min, rows.findLastIndex((r) => !isBlank(r)) + 1);
      rows.forEach((r, i) => setShown(r, i < shown));
      if (shown >= rows.length) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button button-secondary button-sm";
      button.textContent = addRow;
      button.addEventListener("click", () => {
        const row = rows[shown++];
        setShown(row, true);
        row.querySelector<HTMLElement>("input, select, textarea")?.focus();
        if (shown >= rows.length) button.remove();
      });
      group.append(button);
    }
    conditions();
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onSubmit);
    addEventListener("beforeunload", onUnload);
    return () => {
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit);
      removeEventListener("beforeunload", onUnload);
    };
  }, []);
  return <span ref={marker} hidden />;
}
