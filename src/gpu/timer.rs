//! GPU time from timestamp queries (where the adapter offers
//! `TIMESTAMP_QUERY`): a pair of timestamps around each compute pass,
//! resolved and copied beside the counts in a read-back the run makes
//! anyway (the breadth-first run's final one, each depth-first batch's), so
//! timing adds no wait.
//!
//! ```text
//! read-back:  counts | pass 0 begin, end | pass 1 begin, end | ...
//!             each timestamp a u64 (lo, hi) in ticks of queue.get_timestamp_period() ns
//! ```

/// Passes a breadth-first run times at most; a run with more reports no
/// GPU time.
pub const MAX_TIMED_PASSES: u32 = 256;

/// The query set and its resolve buffer, kept with the buffers they time.
pub(super) struct Timer {
    set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    /// Passes it can time.
    capacity: u32,
    /// Passes timed in the run under way.
    pub passes: u32,
    /// The run had more passes than the capacity.
    pub overflow: bool,
}

impl Timer {
    /// A timer of `capacity` passes where the device has timestamp
    /// queries, else `None`.
    pub fn new(dev: &wgpu::Device, capacity: u32) -> Option<Timer> {
        if !dev.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
            return None;
        }
        let capacity = capacity.max(1);
        let count = 2 * capacity;
        Some(Timer {
            set: dev.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("timestamps"),
                ty: wgpu::QueryType::Timestamp,
                count,
            }),
            resolve: dev.create_buffer(&wgpu::BufferDescriptor {
                label: Some("timestamps resolved"),
                size: u64::from(count) * 8,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            }),
            capacity,
            passes: 0,
            overflow: false,
        })
    }

    /// A new run: nothing timed yet.
    pub fn reset(&mut self) {
        self.passes = 0;
        self.overflow = false;
    }

    /// The timestamp writes of the next pass (none past the capacity).
    pub fn next_pass(&mut self) -> Option<wgpu::ComputePassTimestampWrites<'_>> {
        if self.passes >= self.capacity {
            self.overflow = true;
            return None;
        }
        let i = 2 * self.passes;
        self.passes += 1;
        Some(wgpu::ComputePassTimestampWrites {
            query_set: &self.set,
            beginning_of_pass_write_index: Some(i),
            end_of_pass_write_index: Some(i + 1),
        })
    }

    /// Bytes the timestamps take in the read-back.
    pub fn bytes(&self) -> u64 {
        u64::from(self.passes) * 16
    }

    /// Resolves the run's timestamps and copies them to `read` at `offset`.
    pub fn copy(&self, enc: &mut wgpu::CommandEncoder, read: &wgpu::Buffer, offset: u64) {
        if self.passes > 0 {
            enc.resolve_query_set(&self.set, 0..2 * self.passes, &self.resolve, 0);
            enc.copy_buffer_to_buffer(&self.resolve, 0, read, offset, self.bytes());
        }
    }
}

/// Nanoseconds inside the passes, from the read-back words after the
/// accumulator ((lo, hi) pairs: begin, end per pass) and the tick length.
pub fn pass_nanos(words: &[u32], passes: u32, period_ns: f32) -> u64 {
    let stamp = |i: usize| u64::from(words[2 * i]) | u64::from(words[2 * i + 1]) << 32;
    let ticks: u64 = (0..passes as usize)
        .filter(|p| 2 * p + 1 < words.len() / 2)
        .map(|p| stamp(2 * p + 1).saturating_sub(stamp(2 * p)))
        .sum();
    (ticks as f64 * f64::from(period_ns)).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nanos_add_each_pass_and_scale_by_the_period() {
        // pass 0: 10 -> 25, pass 1: 2^32 + 5 -> 2^32 + 9
        let words = [10, 0, 25, 0, 5, 1, 9, 1];
        assert_eq!(pass_nanos(&words, 2, 1.0), 19);
        assert_eq!(pass_nanos(&words, 2, 2.5), 48);
        assert_eq!(pass_nanos(&words, 1, 1.0), 15);
        // a clock that went back counts nothing
        assert_eq!(pass_nanos(&[9, 0, 4, 0], 1, 1.0), 0);
    }
}
