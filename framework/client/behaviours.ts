// Page behaviours the boot module starts once per page (SPEC §4 "listeners started once", §5, §9), for
// islands and plain forms alike. A page without islands gets the boot only when it has a form that warns
// (render.ts looks for `data-warn-unsaved`), so public content pages stay without script.

/** SPEC §9: a fetch's indicator shows no sooner than this; the navigation bar follows the same rule. */
export const SHOW_AFTER_MS = 200;
/** SPEC §9: images start loading this far before they enter the viewport. */
export const LAZY_MARGIN_PX = 500;

/**
 * SPEC §5 "warn about unsaved changes": a form marked `data-warn-unsaved` that the visitor has typed in
 * asks before the page is left; sending the form (plainly or by an island) is not leaving it unsaved.
 */
export function warnUnsaved(doc: Document = document, win: Window = window) {
  const dirty = new Set<HTMLFormElement>();
  const formOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLFormElement>("form[data-warn-unsaved]") : null;
  const mark = (event: Event) => {
    const form = formOf(event.target);
    if (form) dirty.add(form);
  };
  doc.addEventListener("input", mark, true);
  doc.addEventListener("change", mark, true);
  doc.addEventListener("submit", (event) => {
    const form = formOf(event.target);
    if (form) dirty.delete(form);
  }, true);
  win.addEventListener("beforeunload", (event) => {
    for (const form of dirty) if (!form.isConnected) dirty.delete(form);
    if (dirty.size === 0) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = "";
  });
}

/**
 * SPEC §4's "page-loaded flag" as a navigation bar: a same-site link followed or a form sent plainly shows
 * a thin bar at the top after SHOW_AFTER_MS, so a quick page never flickers; the page marks itself busy
 * for assistive technology meanwhile. A page restored from the back-forward cache hides it again.
 */
export function navigationProgress(doc: Document = document, win: Window = window) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bar = doc.createElement("div");
  bar.className = "nav-progress";
  bar.setAttribute("aria-hidden", "true");
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!bar.isConnected) doc.body.append(bar);
      bar.classList.add("is-active");
      doc.documentElement.setAttribute("aria-busy", "true");
    }, SHOW_AFTER_MS);
  };
  const stop = () => {
    clearTimeout(timer);
    bar.classList.remove("is-active");
    doc.documentElement.removeAttribute("aria-busy");
  };
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
    const to = new URL(link.href, win.location.href);
    if (to.origin !== win.location.origin || (to.pathname === win.location.pathname && to.hash)) return;
    start();
  });
  // Bubbling: an island that handles its own submit has prevented the default by now.
  doc.addEventListener("submit", (event) => {
    if (!event.defaultPrevented && !(event.target as HTMLFormElement).target) start();
  });
  win.addEventListener("pageshow", stop);
}

/**
 * SPEC §9's 500 px look-ahead for `loading="lazy"` images on pages that run the boot: an image within
 * LAZY_MARGIN_PX of the viewport is switched to eager, which starts its download at once. Pages without
 * the boot keep the browser's own lazy margin (no script on public content pages).
 */
export function lazyImages(doc: Document = document) {
  if (!("IntersectionObserver" in globalThis)) return;
  const observer = new IntersectionObserver((seen) => {
    for (const entry of seen) {
      if (!entry.isIntersecting) continue;
      (entry.target as HTMLImageElement).loading = "eager";
      observer.unobserve(entry.target);
    }
  }, { rootMargin: `${LAZY_MARGIN_PX}px 0px` });
  const watch = (root: ParentNode) =>
    root.querySelectorAll('img[loading="lazy"]').forEach((img) => observer.observe(img));
  watch(doc);
  // Images an island renders later (a list's next batch) are watched as they arrive.
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof HTMLImageElement && node.loading === "lazy") observer.observe(node);
        else if (node instanceof Element) watch(node);
      }
    }
  }).observe(doc.body, { childList: true, subtree: true });
}
