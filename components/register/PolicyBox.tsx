/** A policy's summary in a scrolling box, with a link to the full text. */
export function PolicyBox(
  { id, title, body, link, linkText, newWindow }: {
    id: string;
    title: string;
    body: string;
    link: string;
    linkText: string;
    newWindow: string;
  },
) {
  return (
    <div class="reg-policy">
      <div class="reg-policy-head">
        <h4 class="reg-policy-title" id={`reg-policy-${id}`}>{title}</h4>
        <a href={link} target="_blank" rel="noopener">
          {linkText}
          <span class="visually-hidden">({newWindow})</span>
        </a>
      </div>
      <div class="reg-policy-body" tabIndex={0} role="region" aria-labelledby={`reg-policy-${id}`}>
        {body.split("\n").map((p, i) => <p key={i}>{p}</p>)}
      </div>
    </div>
  );
}
