// The authorization matrix's vocabulary (issue 16): the answer and row types, and the presets the rows of
// matrix.ts and of each area's file under rows/ are written with.
import type { ObjectKind, Objects, Role, World } from "./fixtures.ts";

export const LOGIN = "login";
export type Answer = number | typeof LOGIN;
export type Pair = Answer | [own: Answer, other: Answer];
export type Expect = Partial<Record<Role | "all" | "signedIn" | "managers", Pair>>;

export type Body =
  | { json: unknown }
  | { form: Record<string, string> }
  | { multipart: () => Promise<FormData> };

/** What a cell is built from: the world, the role asking, and the objects of the column (own or another's). */
export interface Cell {
  w: World;
  role: Role;
  o: Objects;
}

export interface Row {
  /** The path to ask (query included); by default the pattern itself (rows without parameters). */
  path?: string | ((c: Cell) => string);
  body?: Body | ((c: Cell) => Body);
  expect: Expect;
  /** Asked with the role's own object and with another member's. */
  objects?: true;
  /** The cell uses up this object (deletes, cancels, revokes it): a new one is made before each cell. */
  fresh?: ObjectKind;
  /** The cell ends the session it was asked with: the role signs in again after it. */
  endsSession?: true;
  /** Changes the caller's account for good (withdrawal): asked after every other row. */
  last?: true;
  /** The management section granted to `staffGranted`; by default the path's segment after /management. */
  section?: string;
}

// ---------- Presets ----------

/** Everyone, signed in or not. */
export const all = (answer: Pair): Expect => ({ all: answer });
/** A member call or screen: nobody gets 401 (a page's GET: the sign-in screen). */
export const members = (answer: Pair, anonymous: Answer = 401): Expect => ({ anonymous, signedIn: answer });
/** The management area (routes/management/_middleware.ts, SPEC §6): administrators and staff granted the
 * section pass; any other signed-in member, and staff without the grant, get 403. */
export const manage = (answer: Pair, anonymous: Answer = LOGIN): Expect => ({
  anonymous,
  signedIn: 403,
  managers: answer,
});
/** A screen for visitors who are not signed in (login, register): members are sent home (303). */
export const visitorsOnly = (answer: Answer): Expect => ({ anonymous: answer, signedIn: 303 });

export const json = (value: unknown): Body => ({ json: value });
export const form = (value: Record<string, string>): Body => ({ form: value });

/** A 440×330 JPEG, the exact size an award thumbnail must have (domain/file/rules.ts). */
let thumbnail: Uint8Array | undefined;
export async function awardThumbnail(): Promise<FormData> {
  const { photo } = await import("../support/images.ts");
  thumbnail ??= await photo(440, 330);
  const body = new FormData();
  body.append("file", new File([thumbnail as Uint8Array<ArrayBuffer>], "thumb.jpg", { type: "image/jpeg" }));
  return body;
}

export const year = (c: Cell) => c.w.openYear;
export const ibdaYear = (c: Cell) => c.w.ibdaYear;
