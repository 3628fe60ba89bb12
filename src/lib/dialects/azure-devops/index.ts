import type { Dialect } from '../types.ts';
import { folderOrder } from './order-file.ts';

export const azureDevops: Dialect = {
  name: 'azure-devops',
  label: 'Azure DevOps wiki',
  folders: {
    // Pictures and files the wiki keeps in `.attachments`.
    assetDirs: ['.attachments'],
    orderFile: { name: '.order', order: folderOrder },
  },
};
