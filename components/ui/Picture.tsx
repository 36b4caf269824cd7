// A stored image as a page shows it: the derivative that fits (srcset by width, so a phone on a slow
// connection takes the small one), lazy unless it is the page's main picture, width and height so
// nothing jumps while it loads, and the no-image placeholder when there is no file.
import { SRCSET_VARIANTS, VARIANTS, variantSize } from "../../domain/file/variants.ts";
import { fileUrl } from "../../domain/file/present.ts";

export const NO_IMAGE = "/images/common/no_img.png";

export interface PictureFile {
  id: number;
  width: number | null;
  height: number | null;
}

export interface PictureProps {
  file: PictureFile | null | undefined;
  alt: string;
  /** `thumbnail`: the 4:3 gallery crop; `full`: the whole picture, sized by `sizes`. */
  kind?: "thumbnail" | "full";
  /** The page's largest picture is never lazy (it is what the visitor waits for). */
  eager?: boolean;
  sizes?: string;
  class?: string;
}

export function Picture({ file, alt, kind = "full", eager = false, sizes = "100vw", ...rest }: PictureProps) {
  const loading = eager ? "eager" : "lazy";
  const thumb = VARIANTS.external_thumbnail;
  if (!file || !file.width || !file.height) {
    return (
      <img src={NO_IMAGE} alt={alt} width={thumb.width} height={thumb.height} loading={loading} class={rest.class} />
    );
  }
  if (kind === "thumbnail") {
    const size = variantSize("external_thumbnail", file.width, file.height);
    return (
      <img
        src={fileUrl.variant(file.id, "external_thumbnail")}
        srcset={`${fileUrl.variant(file.id, "external_thumbnail")} ${size.width}w, ${
          fileUrl.variant(file.id, "preview_image")
        } ${variantSize("preview_image", file.width, file.height).width}w`}
        sizes={sizes}
        alt={alt}
        width={size.width}
        height={size.height}
        loading={loading}
        decoding="async"
        class={rest.class}
      />
    );
  }
  const candidates = SRCSET_VARIANTS.map((name) => ({ name, ...variantSize(name, file.width!, file.height!) }))
    // Same-width variants (a small original) would repeat a candidate.
    .filter((c, i, all) => all.findIndex((o) => o.width === c.width) === i);
  const main = candidates.find((c) => c.name === "external_image") ?? candidates[0];
  return (
    <img
      src={fileUrl.variant(file.id, main.name)}
      srcset={candidates.map((c) => `${fileUrl.variant(file.id, c.name)} ${c.width}w`).join(", ")}
      sizes={sizes}
      alt={alt}
      width={main.width}
      height={main.height}
      loading={loading}
      decoding="async"
      class={rest.class}
    />
  );
}
