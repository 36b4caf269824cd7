import type { ko } from "./ko.ts";

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale's dictionary has: the keys of ko.ts, any strings. */
export type Messages = Widen<typeof ko>;

type Join<K, P> = K extends string | number ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? `${K & (string | number)}` : Join<K, Paths<T[K]>> }[keyof T];
/** Every dotted key: "site.home", "error.404.title". */
export type MessageKey = Paths<Messages>;
