import '@tensoreval/backend-cpu';

export * from '@tensoreval/core';
