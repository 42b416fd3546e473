/** Calls `onLine` once per complete line of a byte stream that arrives in arbitrary chunks. */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: string): void; end(): void } {
  let carry = '';
  return {
    push(chunk) {
      const parts = (carry + chunk).split('\n');
      carry = parts.pop() ?? '';
      for (const part of parts) onLine(part.endsWith('\r') ? part.slice(0, -1) : part);
    },
    end() {
      if (carry !== '') onLine(carry);
      carry = '';
    },
  };
}
