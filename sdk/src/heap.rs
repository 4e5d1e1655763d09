//! The wasm module's allocator: power-of-two size classes with one free list
//! each, carved from pages taken with `memory.grow`. The module allocates only
//! short strings and small vectors, single-threaded, so this is enough and
//! is a fraction of dlmalloc's code. Freed blocks are reused for the same class.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;

/// Every block is at least this big and this aligned (room for the free-list link).
const MIN_BLOCK: usize = 8;
const PAGE: usize = 65536;

/// The free lists and the bump region, as plain addresses.
pub struct Heap {
    free: [usize; 32],
    next: usize,
    end: usize,
}

/// Larger requests fail (the module never makes them).
const MAX_BLOCK: usize = 1 << 30;

/// The size class of a layout: blocks of `1 << class` bytes. Capped at 31 so
/// the free-list index needs no bounds check.
fn class_of(size: usize) -> usize {
    (size.max(MIN_BLOCK).next_power_of_two().trailing_zeros() as usize).min(31)
}

impl Heap {
    pub const fn new() -> Heap {
        Heap {
            free: [0; 32],
            next: 0,
            end: 0,
        }
    }

    /// A block for `layout`, or 0. `grow(pages)` returns the address of that
    /// many new contiguous pages (or None).
    ///
    /// # Safety
    /// Freed addresses passed to `free` must come from `alloc` with the same layout.
    pub unsafe fn alloc(
        &mut self,
        layout: Layout,
        grow: impl FnOnce(usize) -> Option<usize>,
    ) -> usize {
        if layout.size() > MAX_BLOCK {
            return 0;
        }
        let class = class_of(layout.size());
        let head = self.free[class];
        if head != 0 && layout.align() <= MIN_BLOCK {
            // SAFETY: a freed block holds the address of the next free block.
            self.free[class] = unsafe { *(head as *const usize) };
            return head;
        }
        let size = 1usize << class;
        let mut start = (self.next + layout.align() - 1) & !(layout.align() - 1);
        if start + size > self.end {
            let pages = (size + layout.align()).div_ceil(PAGE);
            let Some(base) = grow(pages) else { return 0 };
            if base != self.end {
                self.next = base;
            }
            self.end = base + pages * PAGE;
            start = (self.next + layout.align() - 1) & !(layout.align() - 1);
        }
        self.next = start + size;
        start
    }

    /// Returns a block to its class's free list.
    ///
    /// # Safety
    /// `addr` came from `alloc` with this `layout` and is not used again.
    pub unsafe fn free(&mut self, addr: usize, layout: Layout) {
        // Over-aligned blocks (none in this crate) are simply not reused.
        if layout.align() > MIN_BLOCK {
            return;
        }
        let class = class_of(layout.size());
        // SAFETY: the block is at least MIN_BLOCK bytes and aligned for a usize.
        unsafe { *(addr as *mut usize) = self.free[class] };
        self.free[class] = addr;
    }
}

impl Default for Heap {
    fn default() -> Heap {
        Heap::new()
    }
}

/// The global allocator over one `Heap` (wasm is single-threaded).
pub struct ClassAllocator(UnsafeCell<Heap>);

// SAFETY: the wasm module runs on one thread.
unsafe impl Sync for ClassAllocator {}

impl ClassAllocator {
    pub const fn new() -> ClassAllocator {
        ClassAllocator(UnsafeCell::new(Heap::new()))
    }
}

impl Default for ClassAllocator {
    fn default() -> ClassAllocator {
        ClassAllocator::new()
    }
}

#[cfg(target_arch = "wasm32")]
fn grow_memory(pages: usize) -> Option<usize> {
    let old = core::arch::wasm32::memory_grow::<0>(pages);
    (old != usize::MAX).then_some(old * PAGE)
}

#[cfg(not(target_arch = "wasm32"))]
fn grow_memory(_pages: usize) -> Option<usize> {
    None
}

unsafe impl GlobalAlloc for ClassAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: single-threaded; no other reference to the heap is live.
        unsafe { (*self.0.get()).alloc(layout, grow_memory) as *mut u8 }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above; the caller hands back a block of this layout.
        unsafe { (*self.0.get()).free(ptr as usize, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Growing within the block's class needs no copy.
        if layout.align() <= MIN_BLOCK && class_of(new_size) == class_of(layout.size()) {
            return ptr;
        }
        // SAFETY: the new layout keeps the old alignment, which was valid.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks hold at least the smaller size and do not overlap.
            unsafe {
                core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap over a host buffer standing in for wasm pages.
    fn with_pages(buf: &mut [u64]) -> impl FnMut(usize) -> Option<usize> + '_ {
        let mut used = 0;
        move |pages| {
            let words = pages * PAGE / 8;
            let base = buf.as_ptr() as usize + used * 8;
            (used + words <= buf.len()).then(|| {
                used += words;
                base
            })
        }
    }

    #[test]
    fn reuses_freed_blocks_of_the_same_class() {
        let mut buf = vec![0u64; 4 * PAGE / 8];
        let mut grow = with_pages(&mut buf);
        let mut heap = Heap::new();
        let l = Layout::from_size_align(20, 1).unwrap();
        unsafe {
            let a = heap.alloc(l, &mut grow);
            let b = heap.alloc(l, &mut grow);
            assert_ne!(a, 0);
            assert_eq!(b, a + 32);
            heap.free(a, l);
            assert_eq!(
                heap.alloc(Layout::from_size_align(17, 8).unwrap(), &mut grow),
                a
            );
            // Another class does not take it.
            heap.free(b, l);
            assert_ne!(
                heap.alloc(Layout::from_size_align(8, 8).unwrap(), &mut grow),
                b
            );
        }
    }

    #[test]
    fn grows_for_large_blocks_and_fails_cleanly() {
        let mut buf = vec![0u64; 2 * PAGE / 8];
        let mut grow = with_pages(&mut buf);
        let mut heap = Heap::new();
        unsafe {
            let big = heap.alloc(Layout::from_size_align(PAGE, 8).unwrap(), &mut grow);
            assert_ne!(big, 0);
            assert_eq!(big % 8, 0);
            assert_eq!(
                heap.alloc(Layout::from_size_align(4 * PAGE, 8).unwrap(), &mut grow),
                0
            );
            let huge = Layout::from_size_align(MAX_BLOCK + 1, 8).unwrap();
            assert_eq!(heap.alloc(huge, &mut grow), 0);
        }
    }

    #[test]
    fn size_classes_are_powers_of_two() {
        assert_eq!(class_of(0), 3);
        assert_eq!(class_of(8), 3);
        assert_eq!(class_of(9), 4);
        assert_eq!(class_of(4096), 12);
    }
}
