// Types of compile.mjs, for the test that checks the committed artifact.
export interface CompileResult {
  readonly abi: unknown[];
  readonly bytecode: `0x${string}`;
  readonly deployedBytecode: `0x${string}`;
  readonly immutables: readonly { readonly start: number; readonly length: number }[];
  readonly compiler: string;
}
export declare const sourcePath: string;
export declare const jsonArtifactPath: string;
export declare const tsArtifactPath: string;
export declare function compileAnchorRegistry(): CompileResult;
export declare function renderTsArtifact(result: CompileResult): string;
