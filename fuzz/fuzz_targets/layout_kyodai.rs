#![no_main]
// See mahjong_fuzz::layout.
use mahjong_core::solitaire::formats;
libfuzzer_sys::fuzz_target!(|data: &[u8]| mahjong_fuzz::layout(data, formats::read_kyodai));
