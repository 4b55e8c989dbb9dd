//! Independent checks spread over the machine's cores, for tests that run
//! hundreds of processes (the stock `mlir-opt` on every input, twice).

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Calls `check` on every item, on as many threads as there are cores (at
/// most four: the test harness runs other tests beside), each thread
/// taking the next unchecked item. A panic in `check` (a failed assertion)
/// is printed with its message in the test's output and fails the caller,
/// with "a scoped thread panicked", once every thread has stopped.
pub fn for_each_in_parallel<T: Sync>(items: &[T], check: impl Fn(&T) + Sync) {
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get().min(4))
        .min(items.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, Relaxed)) {
                    check(item);
                }
            });
        }
    });
}
