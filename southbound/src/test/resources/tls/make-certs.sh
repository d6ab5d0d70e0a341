#!/bin/sh
# Regenerates the TLS fixtures of the southbound tests (OpenSSL 3). Valid for 100 years, so the
# tests do not start failing on a date; the keys protect nothing outside the tests.
#   ca.pem                  the CA both sides trust
#   controller.{pem,key}    the controller's certificate and PKCS#8 key, signed by ca, for 127.0.0.1 and
#                           localhost (HTTPS clients check the name; switches do not)
#   switch.{pem,key}        a switch's certificate and key, signed by ca
#   rogue.{pem,key}         a switch certificate signed by another CA (rogue-ca, not kept)
#   controller-pkcs1.key    an RSA key in the traditional PKCS#1 form, which the JDK cannot read
#   short-lived-ca.pem      a CA valid for one day from when this ran (tests pass a later "now")
set -eu
cd "$(dirname "$0")"
days=36500
ec="-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
leaf_ext=$(mktemp)
trap 'rm -f "$leaf_ext" ./*.csr ./*.srl ca.key rogue-ca.key rogue-ca.pem short-lived-ca.key' EXIT
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyAgreement\nextendedKeyUsage=serverAuth,clientAuth\n' >"$leaf_ext"
ca() { # name subject [days]
  openssl req -x509 $ec -days "${3:-$days}" -subj "$2" -keyout "$1.key" -out "$1.pem" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
}
leaf() { # name subject ca [subjectAltName]
  openssl req $ec -subj "$2" -keyout "$1.key" -out "$1.csr" 2>/dev/null
  ext=$(mktemp)
  cat "$leaf_ext" >"$ext"
  if [ -n "${4:-}" ]; then printf 'subjectAltName=%s\n' "$4" >>"$ext"; fi
  openssl x509 -req -in "$1.csr" -CA "$3.pem" -CAkey "$3.key" -CAcreateserial -days $days -extfile "$ext" -out "$1.pem" 2>/dev/null
  rm -f "$ext"
}
ca ca "/O=te tests/CN=te test CA"
ca rogue-ca "/O=somebody else/CN=rogue CA"
ca short-lived-ca "/O=te tests/CN=short-lived CA" 1
leaf controller "/O=te tests/CN=te-controller" ca "IP:127.0.0.1,DNS:localhost"
leaf switch "/O=te tests/CN=switch-1" ca
leaf rogue "/O=somebody else/CN=rogue switch" rogue-ca
openssl genrsa -traditional -out controller-pkcs1.key 2048 2>/dev/null
