//! A global allocator for the binding and the tools: the system allocator, except
//! that blocks of [`BIG`] bytes and more are whole pages mapped for them alone.
//!
//! Why: every bzip2 stream (one per archive row) makes its decoder allocate a
//! zeroed table of 4 bytes per byte of the stream's block size, 3.6 MB at level 9,
//! of which a game's 16 KB of XML touches 64 KB. From the system allocator (whose
//! heap reuses freed memory) that zeroing is a 3.6 MB memset per game, measured at
//! about a fifth of the decoder's time; fresh pages are zero already, and only the
//! pages touched are ever materialised.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks of this size and more are mapped pages.
pub const BIG: usize = 1 << 20;

/// See the module's documentation.
pub struct BigZeroAlloc;

// mremap is Linux's; elsewhere every block goes to the system allocator.
#[cfg(target_os = "linux")]
mod pages {
    use super::Layout;

    pub fn fits(layout: Layout) -> bool {
        layout.size() >= super::BIG && layout.align() <= 4096
    }

    /// # Safety
    /// `layout.size()` is not zero.
    pub unsafe fn map(layout: Layout) -> *mut u8 {
        // SAFETY: an anonymous private mapping of a positive length; the result is
        // checked.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                layout.size(),
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            p.cast()
        }
    }

    /// # Safety
    /// `p` was returned by [`map`] for `layout`.
    pub unsafe fn unmap(p: *mut u8, layout: Layout) {
        // SAFETY: the whole mapping made for this block.
        unsafe { libc::munmap(p.cast(), layout.size()) };
    }

    /// # Safety
    /// `p` was returned by [`map`] for `layout`; `new` is at least [`super::BIG`].
    pub unsafe fn remap(p: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        // SAFETY: the mapping made for this block, moved if it cannot grow in place.
        let q = unsafe { libc::mremap(p.cast(), layout.size(), new, libc::MREMAP_MAYMOVE) };
        if q == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            q.cast()
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod pages {
    use super::Layout;
    pub fn fits(_: Layout) -> bool {
        false
    }
    pub unsafe fn map(_: Layout) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub unsafe fn unmap(_: *mut u8, _: Layout) {}
    pub unsafe fn remap(_: *mut u8, _: Layout, _: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
}

// SAFETY: every block is served whole by one of two allocators, chosen by its layout
// alone (`pages::fits`), so a block is always freed or resized by the one that made it.
unsafe impl GlobalAlloc for BigZeroAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if pages::fits(layout) {
            // SAFETY: BIG > 0.
            unsafe { pages::map(layout) }
        } else {
            // SAFETY: the caller's layout, passed on.
            unsafe { System.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if pages::fits(layout) {
            // SAFETY: BIG > 0; new anonymous pages read as zero.
            unsafe { pages::map(layout) }
        } else {
            // SAFETY: the caller's layout, passed on.
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if pages::fits(layout) {
            // SAFETY: a block of this layout was mapped by `alloc`.
            unsafe { pages::unmap(ptr, layout) }
        } else {
            // SAFETY: a block of this layout came from the system allocator.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY (all below): the caller guarantees a valid block and a valid new size
        // for this alignment.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (pages::fits(layout), pages::fits(new)) {
            (false, false) => unsafe { System.realloc(ptr, layout, new_size) },
            (true, true) => unsafe { pages::remap(ptr, layout, new_size) },
            _ => {
                let q = unsafe { self.alloc(new) };
                if !q.is_null() {
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, q, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                q
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(size: usize) -> Layout {
        Layout::from_size_align(size, 8).unwrap_or_else(|_| unreachable!())
    }

    #[test]
    fn big_blocks_are_zeroed_resized_and_freed() {
        let a = BigZeroAlloc;
        for size in [100, BIG - 1, BIG, 3 * BIG + 5] {
            for new in [size / 2 + 1, size * 2] {
                // SAFETY: layouts of positive size; each block used within its size and
                // freed once, with the layout it has.
                unsafe {
                    let p = a.alloc_zeroed(layout(size));
                    assert!(!p.is_null());
                    assert!(std::slice::from_raw_parts(p, size).iter().all(|&b| b == 0));
                    p.write_bytes(7, size);
                    let q = a.realloc(p, layout(size), new);
                    assert!(!q.is_null());
                    let kept = size.min(new);
                    assert!(std::slice::from_raw_parts(q, kept).iter().all(|&b| b == 7), "{size} -> {new}");
                    q.write_bytes(1, new);
                    a.dealloc(q, layout(new));
                }
            }
        }
    }
}
