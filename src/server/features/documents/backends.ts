/**
 * Where the bytes of originals live when not in the database: files under DATA_DIR/documents, or objects in an
 * S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway, …). Both are addressed by the same keys,
 * `<userId>/<documentId>`, so one store (store.ts) serves either.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

export type StoredObject = { key: string; writtenAt: Date };

export type ObjectBackend = {
  /** Writes new bytes; never replaces an existing object. */
  write(key: string, bytes: Uint8Array, mimeType: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(keys: string[]): Promise<void>;
  /** Every object under the prefix (all when omitted), with when it was written. */
  list(prefix?: string): AsyncIterable<StoredObject>;
};

export type S3Settings = {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, an instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible services need. */
  forcePathStyle: boolean;
};

export function diskBackend(root: string): ObjectBackend {
  return {
    async write(key, bytes) {
      const path = join(root, key);
      await mkdir(join(path, ".."), { recursive: true });
      await writeFile(path, bytes, { flag: "wx" });
    },
    read: (key) => readFile(join(root, key)),
    async remove(keys) {
      for (const key of keys) await rm(join(root, key), { force: true });
    },
    async *list(prefix) {
      const owners = prefix ? [prefix.replace(/\/$/, "")] : await entriesOf(root);
      for (const owner of owners) {
        for (const name of await entriesOf(join(root, owner))) {
          const key = `${owner}/${name}`;
          yield { key, writtenAt: (await stat(join(root, key))).mtime };
        }
      }
    },
  };
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The AWS SDK is loaded only when a bucket is configured: most installations keep originals in the database. */
export async function s3Backend(settings: S3Settings): Promise<ObjectBackend> {
  // The pinned SDK runs on Node 20; its start-up notice is about releases this lockfile does not take.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const s3 = await import("@aws-sdk/client-s3");
  const client = new s3.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 demands them (DeleteObjects): many S3-compatible services refuse the
    // streaming checksum trailers the SDK otherwise adds to every upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  return {
    async write(key, bytes, mimeType) {
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: mimeType }));
    },
    async read(key) {
      const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async remove(keys) {
      // DeleteObjects takes at most 1,000 keys a request.
      for (let start = 0; start < keys.length; start += 1000) {
        const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
        const answer = await client.send(
          new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        if (answer.Errors?.length) throw new Error(`S3 verwijderde ${answer.Errors.length} originelen niet`);
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, writtenAt: object.LastModified ?? new Date(0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
