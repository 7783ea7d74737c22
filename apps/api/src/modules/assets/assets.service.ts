import { randomBytes } from 'node:crypto';
import { isBankUser } from '@krowd/domain/access/access.rules';
import type { Kysely } from 'kysely';
import type { Asset, BrandCopyDetails } from '@krowd/domain/asset/asset-response.schema';
import {
  assetIdOfUrl,
  fileUrl,
  templateImageUrls,
  type AssetKind,
  type CopyTextForm,
} from '@krowd/domain/asset/asset.schema';
import { checkImageFile, imageFileMessage, type ImageInfo } from '@krowd/domain/asset/image-file';
import { paginationOf, type PageQuery } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { scopeCoversBrand, scopeCoversUser } from '../../http/tenant.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { AssetsRepository, LibraryOwner } from './assets.repository.ts';

const m = messages.asset;

interface AssetRow {
  id: string;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  created_at: Date;
}

const typeOfContent = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpeg' } as const;

/** An asset as the API answers it: an allowlist, never the bytes. */
export function assetOf(row: AssetRow): Asset {
  return {
    _id: row.id,
    fileName: row.file_name,
    url: fileUrl(row.id, row.file_name),
    type: typeOfContent[row.content_type as keyof typeof typeOfContent],
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    byteSize: row.byte_size,
    created: row.created_at.toISOString(),
  };
}

/** The bytes as a proven image, or 400 with the upload's message. */
function provenImage(bytes: Uint8Array): ImageInfo {
  const checked = checkImageFile(bytes);
  if (!checked.ok)
    throw badRequest(imageFileMessage(checked.problem), { file: imageFileMessage(checked.problem) });
  return checked.image;
}

/** A name the server makes: kind, 12 random hex digits, the extension the bytes proved. */
function generatedFileName(kind: AssetKind, image: ImageInfo): string {
  return `${kind}-${randomBytes(6).toString('hex')}.${image.extension}`;
}

/** What the file route sends: the stored bytes and the content type they were proven to be. */
export interface ServedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Manage Assets and uploads (spec 2 §2.7, §7; spec 1 §7): the Media Library of a brand or a bank,
 * a brand's copy texts, campaign template images, profile photos, and who may open a file.
 */
export function createAssetsService(deps: {
  db: Kysely<DB>;
  assets: AssetsRepository;
  brands: BrandsRepository;
  clock: () => Date;
}) {
  const { db, assets, brands, clock } = deps;

  /** The brand a brand-side caller works on: the one named, else their own; within scope. */
  async function brandOf(caller: AuthContext, brandId: string | undefined) {
    const id = brandId ?? (caller.scope.kind === 'brand' ? caller.scope.brandId : undefined);
    if (!id) throw badRequest(m.brandRequired, { brandId: m.brandRequired });
    return brandInScope(brands, caller.scope, id);
  }

  /**
   * Whose library a caller manages: a bank user their bank's (never a brand's: banks read brands,
   * they do not change them); anyone else a brand within their scope.
   */
  async function libraryOf(caller: AuthContext, brandId: string | undefined): Promise<LibraryOwner> {
    if (isBankUser(caller.audience)) {
      if (brandId || caller.scope.kind !== 'bank') throw notFound();
      return { bankId: caller.scope.bankId };
    }
    return { brandId: (await brandOf(caller, brandId)).id };
  }

  /** The row of a new image: its bytes proven an image (else 400) and a generated file name. */
  function newAsset(
    caller: AuthContext,
    kind: AssetKind,
    owner: { brand_id?: string; bank_id?: string; user_id?: string },
    bytes: Uint8Array,
  ) {
    const image = provenImage(bytes);
    return {
      kind,
      file_name: generatedFileName(kind, image),
      ...owner,
      uploaded_by: caller.account.id,
      content_type: image.contentType,
      byte_size: bytes.length,
      width: image.width,
      height: image.height,
      bytes,
    };
  }

  return {
    async uploadCreative(caller: AuthContext, brandId: string | undefined, bytes: Uint8Array) {
      const owner = await libraryOf(caller, brandId);
      const row = await assets.insert(
        newAsset(
          caller,
          'creative',
          'brandId' in owner ? { brand_id: owner.brandId } : { bank_id: owner.bankId },
          bytes,
        ),
      );
      return assetOf(row);
    },

    async library(caller: AuthContext, query: PageQuery & { brandId?: string }) {
      const owner = await libraryOf(caller, query.brandId);
      const { rows, total } = await assets.library(owner, query.page, query.limit);
      return { data: rows.map(assetOf), pagination: paginationOf(query, total) };
    },

    /**
     * Takes an image out of its library. The file stays readable at its address: a campaign
     * template that chose it keeps showing it to the banks reviewing the campaign.
     */
    async deleteCreative(caller: AuthContext, id: string) {
      const found = await assets.findMeta(id);
      if (!found || found.kind !== 'creative' || found.deleted_at) throw notFound();
      const owner = await libraryOf(caller, found.brand_id ?? undefined);
      if (!(await assets.softDeleteCreative(id, owner, clock()))) throw notFound();
    },

    async campaignUpload(caller: AuthContext, brandId: string | undefined, bytes: Uint8Array) {
      const brand = await brandOf(caller, brandId);
      return assetOf(await assets.insert(newAsset(caller, 'campaign', { brand_id: brand.id }, bytes)));
    },

    /** A new profile photo replaces the earlier ones and becomes the user's photo, in one transaction. */
    async uploadProfilePhoto(caller: AuthContext, bytes: Uint8Array) {
      const photo = newAsset(caller, 'avatar', { user_id: caller.account.id }, bytes);
      return db.transaction().execute(async (trx) => {
        const row = await assets.insert(photo, trx);
        await assets.deleteOtherAvatars(caller.account.id, row.id, trx);
        const asset = assetOf(row);
        await assets.setUserPhoto(caller.account.id, asset.url, trx);
        return asset;
      });
    },

    async copyTexts(caller: AuthContext, brandId: string | undefined): Promise<BrandCopyDetails> {
      const brand = await brandOf(caller, brandId);
      const saved = await assets.copyTexts(brand.id);
      return { brandId: brand.id, copy: saved?.copy ?? '', additionalCopy: saved?.additional_copy ?? '' };
    },

    async saveCopyTexts(caller: AuthContext, input: CopyTextForm & { brandId: string }) {
      if (isBankUser(caller.audience)) throw notFound();
      const brand = await brandOf(caller, input.brandId);
      await assets.saveCopyTexts({ ...input, brandId: brand.id, userId: caller.account.id, now: clock() });
    },

    /**
     * A campaign's template images must be files of the campaign's brand (chosen with the picker:
     * Add New or its Media Library); a typed address or another brand's image is refused.
     */
    async checkTemplateImages(brandId: string, templates: Parameters<typeof templateImageUrls>[0]) {
      const ids = templateImageUrls(templates).map(assetIdOfUrl);
      if (ids.some((id) => id === null)) {
        throw badRequest(m.imageNotChosen, { templates: m.imageNotChosen });
      }
      const wanted = [...new Set(ids as string[])];
      const owned = new Set(await assets.idsOwnedByBrand(wanted, brandId));
      if (wanted.some((id) => !owned.has(id))) {
        throw badRequest(m.imageNotOwned, { templates: m.imageNotOwned });
      }
    },

    /**
     * The file, when the caller may open it: an operator any; a brand's images whoever's scope
     * covers the brand (banks included, who review campaign templates); a bank's images its own
     * users; a profile photo its owner and whoever's scope covers the user. Otherwise 404.
     */
    async file(caller: AuthContext, id: string, fileName: string): Promise<ServedFile> {
      const found = await assets.findFile(id);
      if (!found || found.file_name !== fileName) throw notFound();
      const { scope } = caller;
      let readable: boolean;
      if (found.kind === 'avatar') {
        readable =
          found.user_id === caller.account.id ||
          scopeCoversUser(scope, {
            brand_id: found.user_brand_id,
            effective_group_id: found.user_group_id,
            bank_id: found.user_bank_id,
          });
      } else if (found.brand_id) {
        readable = scopeCoversBrand(scope, { id: found.brand_id, group_id: found.brand_group_id });
      } else {
        readable = scope.kind === 'all' || (scope.kind === 'bank' && scope.bankId === found.bank_id);
      }
      if (!readable) throw notFound();
      const bytes = Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength);
      return { fileName: found.file_name, contentType: found.content_type, bytes };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
