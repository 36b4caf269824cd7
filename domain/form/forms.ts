// Stored forms and their versions (issue 14 §1): saving a form whose current version already has answers
// makes a new version, so every application keeps the tree it was answered with; saving one nobody has
// answered yet changes that version in place. Every save is one transaction. Answers are programme
// applications and board posts written with the form (a board may carry one, domain/board/form.ts).
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { posts } from "../../db/schema/board.ts";
import { applications, type FormRow, forms, type FormVersionRow, formVersions } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import type { FormComponent } from "./model.ts";

export const FORM_NOT_FOUND = "programme.form.not_found";

export interface FormWithTree {
  form: FormRow;
  version: FormVersionRow;
}

export async function formById(db: Tx, id: number, version?: number): Promise<FormWithTree | null> {
  const [form] = await db.select().from(forms).where(eq(forms.id, id));
  if (!form) return null;
  const [row] = await db.select().from(formVersions)
    .where(and(eq(formVersions.formId, id), eq(formVersions.version, version ?? form.version)));
  return row ? { form, version: row } : null;
}

export async function requireForm(db: Tx, id: number, version?: number): Promise<FormWithTree> {
  const found = await formById(db, id, version);
  if (!found) throw new HttpError(404, FORM_NOT_FOUND);
  return found;
}

export interface FormListRow {
  form: FormRow;
  answers: number;
}

export async function listForms(
  db: Db,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
): Promise<Paginated<FormListRow>> {
  const list = await countedPage(
    db,
    db.select({ id: forms.id }).from(forms).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select({
        form: forms,
        answers: sql<number>`(select count(*)::int from ${applications} where ${applications.formId} = ${forms.id})
        + (select count(*)::int from ${posts} where ${posts.formId} = ${forms.id})`,
      }).from(forms).orderBy(desc(forms.updatedAt), desc(forms.id)).limit(perPage).offset((page - 1) * perPage),
  );
  return paginated(list.rows, list.total, list.page, perPage, urlOf, list.estimated);
}

/** Every form, newest first, for the "attach a form" choice of the programme screens. */
export async function formChoices(db: Db): Promise<{ id: number; title: string; titleEn: string }[]> {
  return await db.select({ id: forms.id, title: forms.title, titleEn: forms.titleEn }).from(forms)
    .orderBy(desc(forms.id)).limit(500);
}

export interface FormInput {
  title: string;
  titleEn: string;
  components: FormComponent[];
}

export async function createForm(db: Db, input: FormInput): Promise<FormRow> {
  return await db.transaction(async (tx) => {
    const [form] = await tx.insert(forms).values({ title: input.title, titleEn: input.titleEn, version: 1 })
      .returning();
    await tx.insert(formVersions).values({ formId: form.id, version: 1, components: input.components });
    return form;
  });
}

/** Saves a form: a new version when the current one has answers, else the current one changed. */
export async function saveForm(db: Db, id: number, input: FormInput): Promise<{ form: FormRow; newVersion: boolean }> {
  return await db.transaction(async (tx) => {
    // The row lock keeps two saves from both making version n + 1.
    const [form] = await tx.select().from(forms).where(eq(forms.id, id)).for("update");
    if (!form) throw new HttpError(404, FORM_NOT_FOUND);
    const [{ n }] = await tx.select({ n: count() }).from(applications)
      .where(and(eq(applications.formId, id), eq(applications.formVersion, form.version)));
    const [{ p }] = await tx.select({ p: count() }).from(posts)
      .where(and(eq(posts.formId, id), eq(posts.formVersion, form.version)));
    const newVersion = n + p > 0;
    const version = newVersion ? form.version + 1 : form.version;
    if (newVersion) {
      await tx.insert(formVersions).values({ formId: id, version, components: input.components });
    } else {
      await tx.update(formVersions).set({ components: input.components })
        .where(and(eq(formVersions.formId, id), eq(formVersions.version, version)));
    }
    const [saved] = await tx.update(forms)
      .set({ title: input.title, titleEn: input.titleEn, version, updatedAt: new Date() })
      .where(eq(forms.id, id)).returning();
    return { form: saved, newVersion };
  });
}

/** A form nobody answered may be deleted; one with answers stays (its answers name it). */
export async function deleteForm(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(applications).where(eq(applications.formId, id));
    const [{ p }] = await tx.select({ p: count() }).from(posts).where(eq(posts.formId, id));
    if (n + p > 0) throw new HttpError(409, "programme.form.has_answers");
    const gone = await tx.delete(forms).where(eq(forms.id, id)).returning({ id: forms.id });
    if (!gone.length) throw new HttpError(404, FORM_NOT_FOUND);
  });
}
