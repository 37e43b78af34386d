import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { UploadTarget } from '../../../shared/contract/uploads';
import type { Clock } from '../../clock';
import {
  SIGNATURE_BYTES,
  type StoragePort,
  type StoredObjectHead,
  type UploadTargetRequest,
} from './storage-port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For MinIO, R2 and other S3-compatible services; AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL files are read from (a CDN, or a public bucket URL); derived from the endpoint when absent. */
  publicUrl?: string;
  /** Bucket in the path rather than the host name; MinIO needs it. */
  forcePathStyle: boolean;
  /**
   * 'post' (presigned POST, the policy enforces size and type) works on AWS and MinIO;
   * 'put' (presigned PUT with the exact length and type signed) is for services without POST, such as R2.
   */
  uploadMethod: 'post' | 'put';
}

/** The bucket's own address, as the SDK would use it. */
export function bucketBaseUrl(options: S3StorageOptions): string {
  if (!options.endpoint) {
    return options.forcePathStyle
      ? `https://s3.${options.region}.amazonaws.com/${options.bucket}`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  }
  const endpoint = new URL(options.endpoint);
  if (options.forcePathStyle) return `${endpoint.origin}/${options.bucket}`;
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

/** S3-compatible storage: the browser uploads straight to the bucket through a presigned target. */
export class S3Storage implements StoragePort {
  readonly kind = 's3' as const;
  readonly browserOrigins: readonly string[];
  private readonly client: S3Client;
  private readonly readBase: string;

  constructor(
    private readonly options: S3StorageOptions,
    private readonly clock: Clock,
  ) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
    this.readBase = (options.publicUrl ?? bucketBaseUrl(options)).replace(/\/+$/, '');
    this.browserOrigins = [
      ...new Set([new URL(bucketBaseUrl(options)).origin, new URL(this.readBase).origin]),
    ];
  }

  private secondsUntil(at: Date): number {
    return Math.max(1, Math.ceil((at.getTime() - this.clock.now().getTime()) / 1000));
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget> {
    const expiresIn = this.secondsUntil(request.expiresAt);
    if (this.options.uploadMethod === 'put') {
      // Without a POST policy, signing the exact length and type is what limits the upload.
      const url = await getSignedUrl(
        this.client,
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: request.key,
          ContentType: request.contentType,
          ContentLength: request.size,
        }),
        { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      return { method: 'PUT', url, headers: { 'content-type': request.contentType } };
    }
    const post = await createPresignedPost(this.client, {
      Bucket: this.options.bucket,
      Key: request.key,
      Conditions: [
        ['content-length-range', 1, request.maxBytes],
        ['eq', '$Content-Type', request.contentType],
      ],
      Fields: { 'Content-Type': request.contentType },
      Expires: expiresIn,
    });
    return { method: 'POST', url: post.url, fields: post.fields };
  }

  readUrl(key: string): string {
    return `${this.readBase}/${key}`;
  }

  async inspect(key: string): Promise<StoredObjectHead | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: `bytes=0-${SIGNATURE_BYTES - 1}`,
        }),
      );
      const head = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
      return { size: total ? Number(total) : (object.ContentLength ?? head.length), head };
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        ['NoSuchKey', 'NotFound', 'InvalidRange'].includes(error.name)
      ) {
        return null;
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
