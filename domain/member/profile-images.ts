// The profile's portrait photo and signature image (SPEC §3 User), through the upload pipeline: the
// portrait is public (pages may show it), the signature the member's and the administrators' only.
// A new image replaces the old one, which is removed once the profile is saved.
import type { FileRow } from "../../db/schema/file.ts";
import type { User } from "../../db/schema/member.ts";
import type { FileService } from "../file/files.ts";
import { type FilePurpose, uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";

export const PROFILE_IMAGES = {
  portrait: { purpose: "portrait", column: "portraitId" },
  signature: { purpose: "signature", column: "signatureId" },
} as const satisfies Record<string, { purpose: FilePurpose; column: keyof User }>;
export type ProfileImage = keyof typeof PROFILE_IMAGES;

export interface ImageChanges {
  /** Columns to set on the user (a new file id, or null when removed). */
  set: Partial<Pick<User, "portraitId" | "signatureId">>;
  /** The files the change leaves behind, removed after the profile is saved. */
  replaced: number[];
  /** Files stored for this request, removed again if the profile is not saved. */
  added: FileRow[];
}

/**
 * Checks and stores the images a profile form sent (`portrait`, `signature`) and the removals it asked
 * for (`remove_portrait`, `remove_signature`). Every file is checked before any is stored.
 */
export async function receiveProfileImages(
  files: FileService,
  user: User,
  sent: Record<string, File[]>,
  body: Record<string, unknown>,
): Promise<ImageChanges> {
  const changes: ImageChanges = { set: {}, replaced: [], added: [] };
  const checked = [];
  for (
    const [field, { purpose }] of Object.entries(PROFILE_IMAGES) as [
      ProfileImage,
      typeof PROFILE_IMAGES[ProfileImage],
    ][]
  ) {
    const list = sent[field] ?? [];
    if (list.length) {
      checked.push({ field, purpose, upload: (await checkUploads(uploadRule(purpose), field, list))[0] });
    }
  }
  for (
    const [field, { column }] of Object.entries(PROFILE_IMAGES) as [ProfileImage, typeof PROFILE_IMAGES[ProfileImage]][]
  ) {
    const removing = ["1", "on", "true", true].includes(body[`remove_${field}`] as string);
    if (removing && user[column] !== null && !checked.some((c) => c.field === field)) {
      changes.set[column] = null;
      changes.replaced.push(user[column]!);
    }
  }
  for (const { field, purpose, upload } of checked) {
    const { column } = PROFILE_IMAGES[field];
    const saved = await files.save(upload, { purpose, ownerId: user.id, access: uploadRule(purpose).access });
    changes.added.push(saved);
    changes.set[column] = saved.id;
    if (user[column] !== null) changes.replaced.push(user[column]!);
  }
  return changes;
}

/** After the profile is saved: the replaced images go. */
export async function dropReplaced(files: FileService, ids: number[]): Promise<void> {
  for (const file of await files.findMany(ids)) await files.remove(file);
}
