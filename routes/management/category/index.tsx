// /management/category (SPEC §2.2): a board's categories (`?bbs=<id>`, the first board by default) —
// added, renamed, reordered and deleted, each a small form of its own (no JavaScript).
import { page, redirect } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { FilterBar, FilterField } from "../../../components/list/mod.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import type { BoardRow, CategoryRow } from "../../../db/schema/board.ts";
import { siteBoards } from "../../../domain/board/boards.ts";
import { boardCategoryRows, CategoryAction, changeCategory } from "../../../domain/board/manage.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { HttpError } from "../../../framework/errors.ts";
import { define, href, type State } from "../../../state.ts";

interface CategoryPage {
  boards: BoardRow[];
  board: BoardRow | null;
  categories: CategoryRow[];
  error?: string;
}

async function load(state: State, url: URL, error?: string, status = 200) {
  state.title = state.t("board.manage.categories");
  const boards = await siteBoards(state.db, siteIdOf(state));
  const wanted = url.searchParams.get("bbs");
  if (wanted !== null && !/^\d{1,9}$/.test(wanted)) throw new HttpError(400, "error.400");
  const board = wanted ? boards.find((b) => b.id === Number(wanted)) : boards[0];
  if (wanted && !board) throw new HttpError(404, "board.not_found");
  const categories = board ? await boardCategoryRows(state.db, board.id) : [];
  return page<CategoryPage>({ boards, board: board ?? null, categories, error }, { status });
}

export const handler = define.handlers({
  GET: ({ state, url }) => load(state, url),
  async POST({ state, url, req }) {
    const { board } = (await load(state, url)).data;
    if (!board) throw new HttpError(404, "board.not_found");
    try {
      const { body } = await readBody(req, 16 * 1024);
      const input = parseOrThrow(CategoryAction, body);
      await state.db.transaction((tx) => changeCategory(tx, board.id, input));
      const res = redirect(href(state, `/management/category?bbs=${board.id}`));
      res.headers.append("set-cookie", flashCookie("board.manage.saved", state.https));
      return res;
    } catch (err) {
      const refused = formRefusal(err, state.t);
      return load(state, url, refused.message, refused.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const base = href(state, "/management/category");
  const name = (b: BoardRow) => (state.locale === "en" && b.nameEn ? b.nameEn : b.name);
  const action = data.board ? `${base}?bbs=${data.board.id}` : base;
  return (
    <>
      <BoardStyles state={state} />
      <ManageHeader state={state} title={t("board.manage.categories")} lead={t("board.manage.categoriesLead")} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <FilterBar action={base} label={t("board.manage.filterBoard")} submitLabel={t("board.list.apply")}>
        <FilterField id="category-bbs" label={t("board.manage.filterBoard")}>
          <select class="select" id="category-bbs" name="bbs">
            {data.boards.map((b) => (
              <option key={b.id} value={String(b.id)} selected={b.id === data.board?.id}>{name(b)}</option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      {data.board && (
        <section aria-labelledby="categories-title">
          <h2 id="categories-title">{name(data.board)}</h2>
          {data.categories.length === 0 && <p class="list-empty">{t("board.list.empty")}</p>}
          <ul class="comment-list">
            {data.categories.map((c) => (
              <li key={c.id} class="comment">
                <form method="post" action={action} class="list-filter">
                  <CsrfField state={state} />
                  <input type="hidden" name="id" value={String(c.id)} />
                  <div class="list-filter-fields">
                    <FilterField id={`cat-name-${c.id}`} label={t("board.manage.col.name")}>
                      <input class="input" id={`cat-name-${c.id}`} name="name" value={c.name} required maxLength={40} />
                    </FilterField>
                    <FilterField id={`cat-en-${c.id}`} label={t("board.manage.col.nameEn")}>
                      <input class="input" id={`cat-en-${c.id}`} name="name_en" value={c.nameEn} maxLength={40} />
                    </FilterField>
                    <FilterField id={`cat-sort-${c.id}`} label={t("board.manage.col.sort")}>
                      <input
                        class="input"
                        type="number"
                        id={`cat-sort-${c.id}`}
                        name="sort"
                        value={c.sort}
                        min={0}
                        max={999}
                      />
                    </FilterField>
                  </div>
                  <div class="list-filter-actions">
                    <button type="submit" class="button button-primary button-sm" name="action" value="save">
                      {t("board.manage.save")}
                    </button>
                    <button
                      type="submit"
                      class="button button-ghost button-sm"
                      name="action"
                      value="delete"
                      formnovalidate
                    >
                      {t("board.manage.deleteCategory")}
                    </button>
                  </div>
                </form>
              </li>
            ))}
          </ul>
          <h3>{t("board.manage.addCategory")}</h3>
          <form method="post" action={action} class="list-filter">
            <CsrfField state={state} />
            <input type="hidden" name="action" value="add" />
            <div class="list-filter-fields">
              <FilterField id="cat-new-name" label={t("board.manage.col.name")}>
                <input class="input" id="cat-new-name" name="name" required maxLength={40} />
              </FilterField>
              <FilterField id="cat-new-en" label={t("board.manage.col.nameEn")}>
                <input class="input" id="cat-new-en" name="name_en" maxLength={40} />
              </FilterField>
              <FilterField id="cat-new-sort" label={t("board.manage.col.sort")}>
                <input class="input" type="number" id="cat-new-sort" name="sort" value="0" min={0} max={999} />
              </FilterField>
            </div>
            <div class="list-filter-actions">
              <button type="submit" class="button button-primary button-sm">{t("board.manage.addCategory")}</button>
            </div>
          </form>
        </section>
      )}
    </>
  );
});
