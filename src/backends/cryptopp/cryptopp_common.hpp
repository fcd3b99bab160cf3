/*
 * cryptopp_common.hpp — what the Crypto++ backend's C++ files share: guard(),
 * which turns any exception into a cm_rc (no exception leaves a vtable),
 * and save_public(), which writes a key's DER SubjectPublicKeyInfo.
 */
#ifndef CM_BACKEND_CRYPTOPP_COMMON_HPP
#define CM_BACKEND_CRYPTOPP_COMMON_HPP

#include <cstring>
#include <new>
#include <string>

#include <cryptopp/cryptlib.h>
#include <cryptopp/filters.h>

#include "cryptometer/primitive.h"

namespace cp {

/* Runs f, turning any exception into a cm_rc. */
template <class F> cm_rc guard(F f)
{
    try {
        return f();
    } catch (const std::bad_alloc &) {
        return CM_ERR_NOMEM;
    } catch (const CryptoPP::InvalidArgument &) {
        return CM_ERR_UNSUPPORTED;
    } catch (...) {
        return CM_ERR_LIBRARY;
    }
}

/* Writes the DER public key key saves into der (at most *len; *len set). */
template <class K> cm_rc save_public(const K &key, uint8_t *der, size_t *len)
{
    std::string s;
    CryptoPP::StringSink sink(s);
    key.Save(sink);
    if (s.size() > *len)
        return CM_ERR_INVALID;
    std::memcpy(der, s.data(), s.size());
    *len = s.size();
    return CM_OK;
}

} // namespace cp

#endif
