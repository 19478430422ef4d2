// tests/server/media.test.ts again, on the S3-compatible store with sessions in Redis (issue 21, point 6).
import { useS3Store } from '../store-under-test';

useS3Store();
await import('../media.test');
