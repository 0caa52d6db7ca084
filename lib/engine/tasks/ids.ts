import { newId } from '../ids';

export const newTaskId = () => newId('task');
export const newJobId = () => newId('job', 14);
