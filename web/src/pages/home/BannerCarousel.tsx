import { BannerAPI } from "@wenku/proto/api/v1/banner_pb.js";
import { BannerType } from "@wenku/proto/api/v1/enums_pb.js";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useApiQuery } from "../../api/useApiQuery.js";
import { NavItemLink } from "../../components/NavItemLink.js";
import { useI18n } from "../../i18n/I18nProvider.js";

/** The website's enabled banners, larger sort first (the server orders them). */
export const HOME_BANNERS_REQUEST = { page: 1n, size: 10n, type: [BannerType.WEBSITE], enable: [true] };
/** A slide stays this long before the next one (ms). */
export const BANNER_INTERVAL = 5_000;

/**
 * The home page's banner carousel with `children` (the search box) laid over it; without banners
 * (or while they load, or when they fail) just the children on the plain hero background.
 * A scroll-snap strip rather than a carousel library: swipes and keys scroll it natively, the dots
 * and a timer move it (paused while the pointer or focus is on it, and for reduced motion).
 */
export function BannerCarousel({ children, fallback }: { children: ReactNode; fallback: string }) {
  const { t } = useI18n();
  const banners = useApiQuery(BannerAPI.method.listBanner, HOME_BANNERS_REQUEST, "").data?.banner ?? [];
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  const show = (index: number) => {
    const element = strip.current;
    if (!element) return;
    element.scrollTo({ left: index * element.clientWidth, behavior: "smooth" });
  };

  useEffect(() => {
    if (count < 2 || paused || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => {
      const element = strip.current;
      if (!element || element.clientWidth === 0) return;
      const at = Math.round(element.scrollLeft / element.clientWidth);
      element.scrollTo({ left: ((at + 1) % count) * element.clientWidth, behavior: "smooth" });
    }, BANNER_INTERVAL);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return <div className="wk-hero wk-hero-plain">{children}</div>;
  return (
    <section
      className="wk-hero"
      aria-roledescription="carousel"
      aria-label={t("home.banners")}
      data-testid="home-banners"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        ref={strip}
        className="wk-banner-strip"
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
        }}
      >
        {banners.map((banner, index) => {
          const image = (
            <img src={banner.path} alt={banner.title || fallback} loading={index === 0 ? "eager" : "lazy"} />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern: a slide is a group named "n of m"
            <div
              key={String(banner.id)}
              className="wk-banner-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.bannerOf", { index: index + 1, count })}
            >
              {banner.url ? <NavItemLink item={{ href: banner.url }}>{image}</NavItemLink> : image}
            </div>
          );
        })}
      </div>
      <div className="wk-hero-over">{children}</div>
      {count > 1 && (
        <div className="wk-banner-dots">
          {banners.map((banner, index) => (
            <button
              key={String(banner.id)}
              type="button"
              aria-label={t("home.bannerOf", { index: index + 1, count })}
              aria-current={index === current || undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
