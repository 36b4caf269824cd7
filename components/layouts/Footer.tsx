// The dark site footer: policy links (the privacy policy stands out, as Korean privacy law expects it
// to be easy to find), the body's name, address and contacts, and the copyright line.
import { href, type State } from "../../state.ts";
import { siteName } from "./Header.tsx";

export function SiteFooter({ state }: { state: State }) {
  const { t } = state;
  const name = siteName(state);
  const phone = t("site.phoneValue");
  const email = t("site.emailValue");
  return (
    <footer class="site-footer">
      <div class="footer-top">
        <div class="container">
          <ul class="footer-policy">
            <li>
              <a class="footer-privacy" href={href(state, "/privacy")}>{t("site.privacy")}</a>
            </li>
            <li>
              <a href={href(state, "/terms")}>{t("site.terms")}</a>
            </li>
          </ul>
        </div>
      </div>
      <div class="container footer-body">
        <div class="footer-brand">
          <p class="footer-name">
            <span class="logo-mark" aria-hidden="true"></span>
            {name}
          </p>
          <p class="footer-about">{t("site.footerAbout")}</p>
        </div>
        <address class="footer-contact">
          <ul>
            <li>
              <span class="footer-label">{t("site.address")}</span> {t("site.addressValue")}
            </li>
            <li>
              <span class="footer-label">{t("site.phone")}</span>{" "}
              <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
            </li>
            <li>
              <span class="footer-label">{t("site.email")}</span> <a href={`mailto:${email}`}>{email}</a>
            </li>
            <li>
              <span class="footer-label">{t("site.hours")}</span> {t("site.hoursValue")}
            </li>
          </ul>
        </address>
        <p class="copyright">{t("site.copyright", { year: new Date().getFullYear(), name })}</p>
      </div>
    </footer>
  );
}
