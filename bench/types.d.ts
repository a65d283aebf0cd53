declare module "autocannon" {
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    /** Requests made in turn by each connection (paths relative to url). */
    requests?: Array<{ method?: "GET"; path: string }>;
  }): Promise<Result>;
}
