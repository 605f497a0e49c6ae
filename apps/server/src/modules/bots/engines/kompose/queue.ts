// The job queue kompose trains on (worker role). Its own file so the builder can enqueue without
// importing the trainer.
export const KOMPOSE_TRAIN_QUEUE = 'bots.train';

export interface TrainJobPayload {
  botId: string;
  language: string;
}

/** Training failures are worth a few quick retries (database hiccups), not hours of them. */
export const KOMPOSE_TRAIN_MAX_ATTEMPTS = 3;
