/** Spec §4: task statuses, compared without case. */
const FINISHED = new Set(['SUCCESS', 'FAILURE', 'REVOKED', 'COMPLETE', 'ERROR', 'TIMEOUT']);

export const isFinished = (status: string) => FINISHED.has(status.toUpperCase());
export const isSuccess = (status: string) => ['SUCCESS', 'COMPLETE'].includes(status.toUpperCase());
export const isFailure = (status: string) =>
  ['FAILURE', 'ERROR', 'TIMEOUT', 'REVOKED'].includes(status.toUpperCase());
export const isRevoked = (status: string) => status.toUpperCase() === 'REVOKED';
