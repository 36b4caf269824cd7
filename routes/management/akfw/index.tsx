// /management/akfw (SPEC §2.2): the galleries and the events schedule; opens on the designers (the
// screen of /management/akfw/designer, whose tabs lead to the other kinds).
export { default, handler } from "./[kind].tsx";
