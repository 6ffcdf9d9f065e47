// s3rver ships no type declarations: the part the tests use.
declare module 's3rver' {
  type Opcoes = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
    resetOnClose?: boolean;
  };
  export default class S3rver {
    constructor(opcoes: Opcoes);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
