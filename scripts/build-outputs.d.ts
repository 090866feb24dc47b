export declare const BUILD_OUTPUTS: readonly string[];
export declare function missingBuildOutput(): string | undefined;
