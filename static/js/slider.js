// The builder's slider (issue 23 §6): sent only with a page that has one. Without it the slider is a
// scroll-snap strip moved by keys, swipes and numbered links. This adds a timer (the node's interval,
// 5,000 ms by default, SPEC §9), a pause/play button, pausing while the pointer or focus is inside, and no
// movement at all for visitors who prefer reduced motion.
const still = matchMedia("(prefers-reduced-motion: reduce)");
for (const slider of document.querySelectorAll(".pb-slider")) {
  const track = slider.querySelector(".pb-slider-track");
  const slides = [...slider.querySelectorAll(".pb-slide")];
  const dots = [...slider.querySelectorAll(".pb-slider-dots a")];
  if (!track || slides.length < 2) continue;
  const interval = Math.max(2000, Number(slider.dataset.interval) || 5000);
  let playing = !still.matches;
  let held = false;
  const current = () => Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
  const show = (i) => {
    const n = (i + slides.length) % slides.length;
    track.scrollTo({ left: n * track.clientWidth, behavior: still.matches ? "auto" : "smooth" });
  };
  const mark = () => dots.forEach((d, i) => d.setAttribute("aria-current", String(i === current())));
  track.addEventListener("scroll", mark, { passive: true });
  for (const [i, dot] of dots.entries()) {
    dot.addEventListener("click", (e) => {
      e.preventDefault();
      show(i);
    });
  }
  track.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      show(current() + (e.key === "ArrowRight" ? 1 : -1));
    }
  });
  const controls = document.createElement("div");
  controls.className = "pb-slider-controls";
  const button = document.createElement("button");
  button.type = "button";
  const label = () => {
    button.textContent = playing ? slider.dataset.pause : slider.dataset.play;
    button.setAttribute("aria-pressed", String(!playing));
  };
  button.addEventListener("click", () => {
    playing = !playing;
    label();
  });
  label();
  controls.append(button);
  slider.append(controls);
  for (
    const [event, value] of [["pointerenter", true], ["pointerleave", false], ["focusin", true], ["focusout", false]]
  ) {
    slider.addEventListener(event, () => held = value);
  }
  still.addEventListener("change", () => {
    if (still.matches) playing = false;
    label();
  });
  mark();
  setInterval(() => {
    if (playing && !held && !document.hidden && !still.matches) show(current() + 1);
  }, interval);
}
