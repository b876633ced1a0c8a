import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataOf, pageOf, ZBrand, ZBrandCreate, ZBrandUpdate, ZCategory, ZCategoryCreate, ZCategoryUpdate, ZCurrency, ZCurrencyCreate, ZCurrencyUpdate,
  ZListQuery, ZNoContent, ZPackage, ZPackageCreate, ZPackageUpdate,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { access, catalogCtx, ZIdParam } from './route-kit';
import * as brands from './brands.service';
import * as categories from './categories.service';
import * as currencies from './currencies.service';
import * as packages from './packages.service';

/** The catalog's reference data: categories (their own permissions, spec 6), brands, currencies, packages. */
export function registerTaxonomyRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  const cat = { path: '/categories', perm: { read: 'read-category', create: 'create-category', update: 'update-category', delete: 'delete-category' } };
  app.get(cat.path, { config: access(cat.perm.read), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZCategory) } } }, async (req) => categories.listCategories(catalogCtx(req, deps), req.query));
  app.post(cat.path, { config: access(cat.perm.create), schema: { tags, body: ZCategoryCreate, response: { 201: dataOf(ZCategory) } } },
    async (req, reply) => reply.status(201).send({ data: await categories.createCategory(catalogCtx(req, deps), req.body) }));
  app.get(`${cat.path}/:id`, { config: access(cat.perm.read), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZCategory) } } },
    async (req) => ({ data: await categories.getCategory(catalogCtx(req, deps), req.params.id) }));
  app.put(`${cat.path}/:id`, { config: access(cat.perm.update), schema: { tags, params: ZIdParam, body: ZCategoryUpdate, response: { 200: dataOf(ZCategory) } } },
    async (req) => ({ data: await categories.updateCategory(catalogCtx(req, deps), req.params.id, req.body) }));
  app.delete(`${cat.path}/:id`, { config: access(cat.perm.delete), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await categories.deleteCategory(catalogCtx(req, deps), req.params.id)));

  // Brands, currencies and packages have no permissions of their own in spec 6: they are part of Products.
  const product = { read: 'read-product', create: 'create-product', update: 'update-product', delete: 'delete-product' };

  app.get('/brands', { config: access(product.read), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZBrand) } } }, async (req) => brands.listBrands(catalogCtx(req, deps), req.query));
  app.post('/brands', { config: access(product.create), schema: { tags, body: ZBrandCreate, response: { 201: dataOf(ZBrand) } } },
    async (req, reply) => reply.status(201).send({ data: await brands.createBrand(catalogCtx(req, deps), req.body) }));
  app.get('/brands/:id', { config: access(product.read), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZBrand) } } },
    async (req) => ({ data: await brands.getBrand(catalogCtx(req, deps), req.params.id) }));
  app.put('/brands/:id', { config: access(product.update), schema: { tags, params: ZIdParam, body: ZBrandUpdate, response: { 200: dataOf(ZBrand) } } },
    async (req) => ({ data: await brands.updateBrand(catalogCtx(req, deps), req.params.id, req.body) }));
  app.delete('/brands/:id', { config: access(product.delete), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await brands.deleteBrand(catalogCtx(req, deps), req.params.id)));

  app.get('/currencies', { config: access(product.read), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZCurrency) } } }, async (req) => currencies.listCurrencies(catalogCtx(req, deps), req.query));
  app.post('/currencies', { config: access(product.create), schema: { tags, body: ZCurrencyCreate, response: { 201: dataOf(ZCurrency) } } },
    async (req, reply) => reply.status(201).send({ data: await currencies.createCurrency(catalogCtx(req, deps), req.body) }));
  app.get('/currencies/:id', { config: access(product.read), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZCurrency) } } },
    async (req) => ({ data: await currencies.getCurrency(catalogCtx(req, deps), req.params.id) }));
  app.put('/currencies/:id', { config: access(product.update), schema: { tags, params: ZIdParam, body: ZCurrencyUpdate, response: { 200: dataOf(ZCurrency) } } },
    async (req) => ({ data: await currencies.updateCurrency(catalogCtx(req, deps), req.params.id, req.body) }));
  app.delete('/currencies/:id', { config: access(product.delete), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await currencies.deleteCurrency(catalogCtx(req, deps), req.params.id)));

  app.get('/packages', { config: access(product.read), schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZPackage) } } }, async (req) => packages.listPackages(catalogCtx(req, deps), req.query));
  app.post('/packages', { config: access(product.create), schema: { tags, body: ZPackageCreate, response: { 201: dataOf(ZPackage) } } },
    async (req, reply) => reply.status(201).send({ data: await packages.createPackage(catalogCtx(req, deps), req.body) }));
  app.get('/packages/:id', { config: access(product.read), schema: { tags, params: ZIdParam, response: { 200: dataOf(ZPackage) } } },
    async (req) => ({ data: await packages.getPackage(catalogCtx(req, deps), req.params.id) }));
  app.put('/packages/:id', { config: access(product.update), schema: { tags, params: ZIdParam, body: ZPackageUpdate, response: { 200: dataOf(ZPackage) } } },
    async (req) => ({ data: await packages.updatePackage(catalogCtx(req, deps), req.params.id, req.body) }));
  app.delete('/packages/:id', { config: access(product.delete), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await packages.deletePackage(catalogCtx(req, deps), req.params.id)));
}
